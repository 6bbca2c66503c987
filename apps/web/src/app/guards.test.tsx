import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, mockFetch, type MockReply } from '@/testing/fetch-mock';
import { SIGNED_IN, SIGNED_OUT } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

describe('app start and route guards', () => {
  it('shows the loading screen until the user detail answers', async () => {
    const answer = deferred<MockReply>();
    mockFetch({ 'GET /api/user': () => answer.promise });
    renderApp('/game/lotto/59');

    expect((await screen.findByRole('status')).textContent).toContain('កំពុងផ្ទុក');
    answer.resolve(SIGNED_IN);
    expect(await screen.findByText('PLAYER01')).toBeTruthy();
  });

  it('sends a signed-out visitor of a private page to /login', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT });
    const { router } = renderApp('/report/lotto/59');

    expect(await screen.findByLabelText('ឈ្មោះអ្នកប្រើ')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in player from /login to lotto 59', async () => {
    mockFetch({ 'GET /api/user': SIGNED_IN });
    const { router } = renderApp('/login');

    expect(await screen.findByText('PLAYER01')).toBeTruthy();
    // The router commits the new location once the lotto 59 route's lazy module has loaded, which on a busy
    // machine can come after the top bar already shows the player: wait for it, as the tests below do.
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/lotto/59'));
  });

  it('sends unknown paths and /lotto to lotto 59', async () => {
    mockFetch({ 'GET /api/user': SIGNED_IN });
    const { router } = renderApp('/no/such/page');

    await waitFor(() => expect(router.state.location.pathname).toBe('/game/lotto/59'));
    await router.navigate('/lotto');
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/lotto/59'));
  });

  it('shows the maintenance screen on a 503', async () => {
    mockFetch({ 'GET /api/user': { status: 503, body: { message: 'Maintenance.', code: 'MAINTENANCE' } } });
    renderApp('/game/lotto/59');

    expect(await screen.findByRole('heading', { name: 'ប្រព័ន្ធកំពុងធ្វើបច្ចុប្បន្នភាព' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ត្រឡប់ទៅទំព័រដើម' })).toBeTruthy();
  });

  it('logs out from the menu with the XSRF header and goes to /login', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D; path=/';
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'POST /logout': { body: { data: { success: true } } },
    });
    const { router, user } = renderApp('/game/lotto/59');

    await user.click(await screen.findByRole('link', { name: 'ចាកចេញ' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('ឈ្មោះអ្នកប្រើ')).toBeTruthy();
    const logout = calls.find((call) => call.route === 'POST /logout');
    expect(logout?.headers.get('X-XSRF-TOKEN')).toBe('abc=');
  });

  it('logs out on arrival at /logout', async () => {
    const { routesCalled } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'POST /logout': { body: { data: { success: true } } },
    });
    const { router } = renderApp('/logout');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(routesCalled().filter((route) => route === 'POST /logout')).toHaveLength(1);
  });
});
