import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, mockFetch, type MockReply } from '@/testing/fetch-mock';
import { csrfCookie, isBackgroundCall, PLAYER, SIGNED_OUT } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const USERNAME_LABEL = 'ឈ្មោះអ្នកប្រើ';
const PASSWORD_LABEL = 'ពាក្យសម្ងាត់';
const SUBMIT_NAME = 'ចូល';

async function submitLogin(user: UserEvent, username = 'player01', password = 'secret-pass') {
  await user.type(await screen.findByLabelText(USERNAME_LABEL), username);
  await user.type(screen.getByLabelText(PASSWORD_LABEL), password);
  await user.click(screen.getByRole('button', { name: SUBMIT_NAME }));
}

/** The text an input points to with aria-describedby (its error message). */
function descriptionOf(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('login page', () => {
  it('asks for the CSRF cookie before logging in, then shows lotto 59 with the player', async () => {
    const { calls, routesCalled } = mockFetch({
      'GET /api/user': SIGNED_OUT,
      'GET /sanctum/csrf-cookie': () => csrfCookie('fresh=token'),
      'POST /login': { body: { data: PLAYER } },
    });
    const { router, user } = renderApp('/login');

    await submitLogin(user);

    expect(await screen.findByText('PLAYER01')).toBeTruthy();
    expect(screen.getByText('1,000,000 ៛')).toBeTruthy();
    // The router's state follows the render (a loaded CI run once read it a moment before).
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/lotto/59'));
    expect(routesCalled(isBackgroundCall)).toEqual([
      'GET /api/user',
      'GET /sanctum/csrf-cookie',
      'POST /login',
    ]);
    const login = calls.find((call) => call.route === 'POST /login');
    expect(login?.body).toEqual({ username: 'player01', password: 'secret-pass' });
    expect(login?.headers.get('X-XSRF-TOKEN')).toBe('fresh=token');
    expect(login?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('logs in at once when the browser already holds an XSRF token (no extra round trip)', async () => {
    document.cookie = 'XSRF-TOKEN=held%3Dtoken; path=/';
    const { calls, routesCalled } = mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /login': { body: { data: PLAYER } },
    });
    const { router, user } = renderApp('/login');

    await submitLogin(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/game/lotto/59'));
    expect(routesCalled(isBackgroundCall)).toEqual(['GET /api/user', 'POST /login']);
    expect(calls.find((call) => call.route === 'POST /login')?.headers.get('X-XSRF-TOKEN')).toBe(
      'held=token',
    );
  });

  it("uses the board's pool and rates the login answered with: no GET /api/poll or config after it", async () => {
    document.cookie = 'XSRF-TOKEN=held%3Dtoken; path=/';
    const config = {
      rates: {
        RANGE_1: 918,
        RANGE_2: 460,
        RANGE_3: 230,
        RANGE_4: 460,
        RANGE_5: 918,
        RANGE_6: 195,
        RANGE_7: 195,
        NUMBER: 5000,
      },
      limits: { minRiel: 1000, maxRiel: 500_000 },
      jackpot: {
        stakeRiel: 1000,
        tier3Multiplier: 5,
        tier2Multiplier: 150,
        poolSeedRiel: 10_000_000,
        poolSharePercent: 20,
        linesPerPlayerRoundMax: 10,
      },
      timing: {
        openSeconds: { POLL_1: 180, POLL_2: 60 },
        releaseDelaySeconds: 1,
        releaseBallSeconds: 5,
        releaseTotalSeconds: 65,
      },
    };
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /login': { body: { data: { ...PLAYER, board: { poll: 'POLL_1', config } } } },
    });
    const { router, user } = renderApp('/login');

    await submitLogin(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/game/lotto/59'));
    // The server's rates (9.18, not the default 9.20) without a call for them.
    expect((await screen.findAllByText(/9\.18/)).length).toBeGreaterThan(0);
    // The board's first call is the open round of the pool the login named.
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain('/api/v1/result/playing?poll=POLL_1'),
    );
    const routes = calls.map((call) => call.route);
    expect(routes).not.toContain('GET /api/poll');
    expect(routes).not.toContain('GET /api/v1/lotto59/config');
    // …and the pool is kept in the poll cookie, as GET /api/poll's answer would be.
    expect(document.cookie).toContain('poll=POLL_1');
  });

  it('shows wrong credentials from a 422 under the username field', async () => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      'GET /sanctum/csrf-cookie': () => csrfCookie(),
      'POST /login': {
        status: 422,
        body: {
          message: 'These credentials do not match our records.',
          code: 'INVALID_CREDENTIALS',
          errors: { username: ['These credentials do not match our records.'] },
        },
      },
    });
    const { router, user } = renderApp('/login');

    await submitLogin(user);

    const username = screen.getByLabelText(USERNAME_LABEL);
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(username)).toBe('ឈ្មោះអ្នកប្រើ ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ');
    expect(screen.getByLabelText(PASSWORD_LABEL).getAttribute('aria-invalid')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows other 422 field messages on their field, in Khmer', async () => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      'GET /sanctum/csrf-cookie': () => csrfCookie(),
      'POST /login': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          code: 'VALIDATION_FAILED',
          errors: { password: ['The password field is too long.'] },
        },
      },
    });
    const { user } = renderApp('/login');

    await submitLogin(user);

    const password = screen.getByLabelText(PASSWORD_LABEL);
    // The server's English text is for operators: the player reads the reason in Khmer.
    await waitFor(() => expect(descriptionOf(password)).toBe('តម្លៃនេះមិនត្រឹមត្រូវ'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['30', 'ព្យាយាមច្រើនដងពេក។ សូមរង់ចាំ 30 វិនាទី ហើយព្យាយាមម្ដងទៀត។'],
    ['120', 'ព្យាយាមច្រើនដងពេក។ សូមរង់ចាំ 2 នាទី ហើយព្យាយាមម្ដងទៀត។'],
  ])('tells how long to wait after a 429 (Retry-After %s)', async (retryAfter, message) => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      'GET /sanctum/csrf-cookie': () => csrfCookie(),
      'POST /login': {
        status: 429,
        body: { message: 'Too many attempts.', code: 'TOO_MANY_ATTEMPTS' },
        headers: { 'Retry-After': retryAfter },
      },
    });
    const { user } = renderApp('/login');

    await submitLogin(user);

    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('shows a general message for other failures', async () => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      'GET /sanctum/csrf-cookie': () => csrfCookie(),
      'POST /login': { status: 500, body: { message: 'Server error.', code: 'INTERNAL' } },
    });
    const { user } = renderApp('/login');

    await submitLogin(user);

    expect((await screen.findByRole('alert')).textContent).toBe('មានបញ្ហាកើតឡើង');
  });

  it('fetches a new CSRF cookie and retries once after a 419', async () => {
    let loginAttempts = 0;
    let csrfCookies = 0;
    const { calls, routesCalled } = mockFetch({
      'GET /api/user': SIGNED_OUT,
      'GET /sanctum/csrf-cookie': () => csrfCookie(`token-${(csrfCookies += 1)}`),
      'POST /login': (): MockReply => {
        loginAttempts += 1;
        return loginAttempts === 1
          ? { status: 419, body: { message: 'CSRF token mismatch.', code: 'CSRF_TOKEN_MISMATCH' } }
          : { body: { data: PLAYER } };
      },
    });
    const { router, user } = renderApp('/login');

    await submitLogin(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/game/lotto/59'));
    expect(routesCalled(isBackgroundCall)).toEqual([
      'GET /api/user',
      'GET /sanctum/csrf-cookie',
      'POST /login',
      'GET /sanctum/csrf-cookie',
      'POST /login',
    ]);
    const logins = calls.filter((call) => call.route === 'POST /login');
    expect(logins[0]?.headers.get('X-XSRF-TOKEN')).toBe('token-1');
    expect(logins[1]?.headers.get('X-XSRF-TOKEN')).toBe('token-2');
  });

  it('asks for both fields in Khmer without calling the server', async () => {
    const { routesCalled } = mockFetch({ 'GET /api/user': SIGNED_OUT });
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: SUBMIT_NAME }));

    expect(descriptionOf(screen.getByLabelText(USERNAME_LABEL))).toBe('សូមវាយឈ្មោះអ្នកប្រើរបស់អ្នក');
    expect(descriptionOf(screen.getByLabelText(PASSWORD_LABEL))).toBe('សូមវាយពាក្យសម្ងាត់របស់អ្នក');
    expect(routesCalled(isBackgroundCall)).toEqual(['GET /api/user']);
  });

  it('disables the button while the login is pending', async () => {
    const answer = deferred<MockReply>();
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      'GET /sanctum/csrf-cookie': () => csrfCookie(),
      'POST /login': () => answer.promise,
    });
    const { router, user } = renderApp('/login');

    await submitLogin(user);

    const button = screen.getByRole('button', { name: SUBMIT_NAME });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    expect(button.getAttribute('aria-busy')).toBe('true');
    answer.resolve({ body: { data: PLAYER } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/lotto/59'));
  });
});
