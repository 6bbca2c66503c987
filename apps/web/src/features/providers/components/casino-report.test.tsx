import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { SIGNED_IN } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const baccarat = {
  round_id: '2001',
  provider: 2,
  game_code: 'baccarat',
  game_name: 'Baccarat',
  created_at: '2026-11-21T05:00:00.000Z',
  detail: {
    kind: 'baccarat',
    bets: [{ type: 'BANKER', amount: 5_000, payout: 9_750 }],
    // ♠A, ♥10 against ♦K, ♣9: pool indexes 0, 22, 38, 47.
    player_cards: [0, 22],
    banker_cards: [38, 47],
    player_score: 1,
    banker_score: 9,
  },
  stake: 5_000,
  payout: 9_750,
  win_lose: 4_750,
  status: 'CLOSED',
};
const slot = {
  round_id: '3001',
  provider: 3,
  game_code: 'angkor-fortune',
  game_name: 'Angkor Fortune',
  created_at: '2026-11-21T04:00:00.000Z',
  detail: {
    kind: 'slot',
    stops: [3, 17, 8, 22, 5],
    lines: [{ line: 4, symbol: 'K', count: 3, win: 600 }],
    scatter: { count: 0, win: 0 },
  },
  stake: 1_000,
  payout: 600,
  win_lose: -400,
  status: 'CLOSED',
};
const meta = { current_page: 1, per_page: 20, total: 2, last_page: 1 };
const TOTAL = { body: { data: { count: 2, stake: 6_000, payout: 10_350, win_lose: 4_350 } } };

describe('casino report (providers.md §8)', () => {
  // Many clicks and renders: slow on a busy machine, not stuck.
  it(
    'lists the rounds with signed win/lose, totals from /total, and the detail of each',
    { timeout: 30_000 },
    async () => {
      const { calls } = mockFetch({
        'GET /api/user': SIGNED_IN,
        'GET /api/report/casino': { body: { data: { items: [baccarat, slot], meta } } },
        'GET /api/report/casino/total': TOTAL,
      });
      const { user } = renderApp('/report/casino');

      const rows = await screen.findAllByTestId('casino-row');
      expect(rows).toHaveLength(2);
      expect(rows[0]!.textContent).toContain('បាការ៉ា');
      expect(rows[0]!.textContent).toContain('5,000 ៛');
      expect(within(rows[0]!).getByTestId('round-win-lose').textContent).toBe('+4,750 ៛');
      expect(within(rows[1]!).getByTestId('round-win-lose').textContent).toBe('−400 ៛');
      expect(screen.getByTestId('casino-total-count').textContent).toBe('2');
      expect(screen.getByTestId('casino-total-stake').textContent).toBe('6,000 ៛');
      expect(screen.getByTestId('casino-total-win-lose').textContent).toBe('+4,350 ៛');

      await user.click(within(rows[0]!).getByRole('button', { name: 'មើលលម្អិត' }));
      const detail = await screen.findByTestId('round-detail');
      expect(
        within(detail)
          .getAllByTestId('card-face')
          .map((c) => c.getAttribute('aria-label')),
      ).toEqual(['A ប៊ិច', '10 កឺ', 'K ការ៉ូ', '9 ជួង']);
      expect(
        within(detail)
          .getAllByTestId('hand-score')
          .map((s) => s.textContent),
      ).toEqual(['អ្នកលេង៖ 1 ពិន្ទុ', 'ម្ចាស់បៀ៖ 9 ពិន្ទុ']);
      expect(within(detail).getByTestId('baccarat-bet').textContent).toBe('ម្ចាស់បៀ៖ ភ្នាល់ 5,000 ៛ សង 9,750 ៛');

      await user.click(within(rows[1]!).getByRole('button', { name: 'មើលលម្អិត' }));
      await waitFor(() => expect(screen.getAllByTestId('round-detail')).toHaveLength(2));
      expect(screen.getByTestId('slot-stops').textContent).toBe('3 · 17 · 8 · 22 · 5');
      expect(screen.getByTestId('slot-line').textContent).toBe('ខ្សែ 4៖ K × 3 → 600 ៛');

      // The status filter goes to both calls.
      await user.selectOptions(screen.getByLabelText('ស្ថានភាព'), 'ROLLED_BACK');
      await waitFor(() =>
        expect(
          calls
            .filter((c) => c.url.includes('status=ROLLED_BACK'))
            .map((c) => c.route)
            .sort(),
        ).toEqual(['GET /api/report/casino', 'GET /api/report/casino/total']),
      );
    },
  );

  it('shows a long round id short (whole in its title and the detail); filters by game (issue 26, item 11)', async () => {
    const uuid = '5f0c2a9e-7b1d-4c3e-9a8f-1e2d3c4b5a69';
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/report/casino': { body: { data: { items: [{ ...baccarat, round_id: uuid }], meta } } },
      'GET /api/report/casino/total': TOTAL,
    });
    const { user } = renderApp('/report/casino');
    const [row] = await screen.findAllByTestId('casino-row');
    const id = within(row!).getByTestId('round-id');
    expect(id.textContent).toBe('#5f0c2a9e…');
    expect(id.getAttribute('title')).toBe(uuid);
    await user.click(within(row!).getByRole('button', { name: 'មើលលម្អិត' }));
    expect((await screen.findByTestId('round-id-full')).textContent).toBe(uuid);

    // The game filter: every casino game by its Khmer name; a choice goes to both calls and the address.
    const game = screen.getByLabelText('ហ្គេម');
    expect(
      within(game)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['គ្រប់ហ្គេម', 'បាការ៉ា', 'សំណាងអង្គរ']);
    await user.selectOptions(game, 'angkor-fortune');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.includes('game_code=angkor-fortune'))
          .map((c) => c.route)
          .sort(),
      ).toEqual(['GET /api/report/casino', 'GET /api/report/casino/total']),
    );
  });

  it('explains a range beyond 31 days in Khmer', async () => {
    mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/report/casino': {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { to: ['x'] } },
      },
      'GET /api/report/casino/total': {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { to: ['x'] } },
      },
    });
    renderApp('/report/casino?from=2026-01-01&to=2026-03-01');
    expect(await screen.findByText('សូមជ្រើសរើសរយៈពេលមិនលើសពី ៣១ ថ្ងៃ។')).toBeTruthy();
  });
});
