import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { SIGNED_IN } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

let launches = 0;
const launch = () => {
  launches += 1;
  return {
    body: {
      data: {
        url: `/provider/demo/slot/?code=launch-${launches}`,
        token: 't'.repeat(43),
        expires_at: '2026-11-21T06:00:00.000Z',
      },
    },
  };
};

describe('provider game frame (providers.md §5)', () => {
  it('fetches a new launch URL on every visit and refetches the user when the player leaves', async () => {
    launches = 0;
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/external/3/url': launch,
      'GET /api/transaction/list': {
        body: {
          data: {
            items: [],
            meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 },
            total_amount: 0,
          },
        },
      },
    });
    const { router } = renderApp('/game/slot/play/angkor-fortune');

    const frame = await screen.findByTitle('សំណាងអង្គរ');
    expect(frame.getAttribute('src')).toBe('/provider/demo/slot/?code=launch-1');
    expect(frame.getAttribute('allow')).toContain('autoplay');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    const first = calls.find((c) => c.route === 'GET /api/external/3/url')!;
    const query = new URL(first.url, 'http://x').searchParams;
    expect(query.get('game_code')).toBe('angkor-fortune');
    expect(query.get('lang')).toBe('km');
    expect(['mobile', 'desktop']).toContain(query.get('platform'));
    // Seed §1: no balance in the top bar while a slot game is open.
    expect(screen.queryByTestId('top-bar-balance')).toBeNull();

    const userCallsBefore = calls.filter((c) => c.route === 'GET /api/user').length;
    await act(() => router.navigate('/transaction/deposit'));
    await waitFor(() =>
      expect(calls.filter((c) => c.route === 'GET /api/user').length).toBeGreaterThan(userCallsBefore),
    );

    // Back again: a new launch, never the cached URL.
    await act(() => router.navigate('/game/slot/play/angkor-fortune'));
    await waitFor(() =>
      expect(screen.getByTitle('សំណាងអង្គរ').getAttribute('src')).toBe('/provider/demo/slot/?code=launch-2'),
    );
    expect(calls.filter((c) => c.route === 'GET /api/external/3/url')).toHaveLength(2);
  });

  it('shows a Khmer error with a retry, and does not retry a refusal on its own', async () => {
    let refuse = true;
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/external/2/url': () =>
        refuse
          ? { status: 409, body: { message: 'The game is not available.', code: 'GAME_UNAVAILABLE' } }
          : {
              body: {
                data: {
                  url: '/provider/demo/baccarat/?code=ok',
                  token: 'x',
                  expires_at: '2026-11-21T06:00:00.000Z',
                },
              },
            },
    });
    const { user } = renderApp('/game/casino');
    expect(await screen.findByText('មិនអាចបើក បាការ៉ា បានទេ។ សូមព្យាយាមម្ដងទៀត។')).toBeTruthy();
    expect(calls.filter((c) => c.route === 'GET /api/external/2/url')).toHaveLength(1);
    expect(
      new URL(calls.find((c) => c.route === 'GET /api/external/2/url')!.url, 'http://x').searchParams.get(
        'game_code',
      ),
    ).toBe('baccarat');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'ព្យាយាមម្ដងទៀត' }));
    expect((await screen.findByTitle('បាការ៉ា')).getAttribute('src')).toBe('/provider/demo/baccarat/?code=ok');
  });

  it('says until when a player on a break may play, with the limits page instead of a retry', async () => {
    const until = Date.UTC(2026, 10, 29, 3, 0); // 29-11-2026 10:00 AM in Phnom Penh
    mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/external/3/url': {
        status: 403,
        body: { message: 'You are taking a break.', code: 'ON_BREAK', until },
      },
    });
    renderApp('/game/slot/play/angkor-fortune');
    expect(await screen.findByText('អ្នកកំពុងសម្រាក។ អ្នកអាចលេងវិញចាប់ពី 29-11-2026 10:00 ព្រឹក។')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'មើលដែនកំណត់របស់ខ្ញុំ' }).getAttribute('href')).toBe('/user/limits');
    expect(screen.queryByRole('button', { name: 'ព្យាយាមម្ដងទៀត' })).toBeNull();
  });

  it("says the room left when the game tells it our wallet refused a stake by the player's limit", async () => {
    let limit: number | null = 50_000;
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/external/3/url': launch,
      'GET /api/user/limits': () => ({
        body: {
          data: {
            limits: [
              {
                kind: 'WAGER',
                period: 'DAY',
                amount: limit,
                used: 40_000,
                remaining: limit === null ? null : limit - 40_000,
                resets_at: Date.UTC(2026, 10, 29, 17, 0),
                pending: null,
              },
            ],
            break_until: null,
            excluded_until: null,
            reality_check_minutes: 0,
            session_started_at: null,
            session_net: 0,
          },
        },
      }),
    });
    const { user } = renderApp('/game/slot/play/angkor-fortune');
    const frame = (await screen.findByTitle('សំណាងអង្គរ')) as HTMLIFrameElement;
    const fromGame = (data: unknown, source: MessageEventSource | null = frame.contentWindow) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin, source }));
    const refusal = { type: 'studio:stake-refused', code: 'LIMIT_REACHED', amount: 20_000 };
    const limitReads = () => calls.filter((c) => c.route === 'GET /api/user/limits').length;

    // From anywhere but the game's own frame, or malformed: not believed, nothing asked.
    fromGame(refusal, window);
    fromGame({ ...refusal, amount: -5 });
    expect(limitReads()).toBe(0);

    fromGame(refusal);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('ការភ្នាល់នេះលើសដែនកំណត់ការភ្នាល់ប្រចាំថ្ងៃរបស់អ្នក។ នៅសល់ 10,000 ៛។');
    expect(screen.getByRole('link', { name: 'មើលដែនកំណត់របស់ខ្ញុំ' }).getAttribute('href')).toBe('/user/limits');
    expect(limitReads()).toBe(1);

    // Limits that allow the stake: the wallet refused for another reason, which the game says itself.
    await user.click(screen.getByRole('button', { name: 'យល់ព្រម' }));
    limit = null;
    fromGame(refusal);
    await waitFor(() => expect(limitReads()).toBe(2));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
