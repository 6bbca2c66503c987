import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { SIGNED_IN } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const session = {
  session_id: 7,
  provider: 4,
  game_code: 'ocean-dragon',
  started_at: '2026-11-21T05:00:00.000Z',
  ended_at: '2026-11-21T05:20:00.000Z',
  transfer_in: 20_000,
  transfer_out: 23_000,
  shots: 40,
  stake: 8_000,
  payout: 11_000,
  win_lose: 3_000,
  status: 'CLOSED',
};
const meta = { current_page: 1, per_page: 20, total: 1, last_page: 1 };
const TOTAL = {
  body: {
    data: {
      count: 1,
      shots: 40,
      stake: 8_000,
      payout: 11_000,
      win_lose: 3_000,
      transfer_in: 20_000,
      transfer_out: 23_000,
    },
  },
};

describe('fishing report (providers.md §8)', () => {
  it('lists the sessions in Khmer with transfers, shots and signed win/lose, and the totals, for the address range', async () => {
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/report/fishing': { body: { data: { items: [session], meta } } },
      'GET /api/report/fishing/total': TOTAL,
    });
    renderApp('/report/fishing?from=2026-11-01&to=2026-11-05');
    // A lazy screen on a busy machine: give it time to load.
    const row = await screen.findByTestId('fishing-row', {}, { timeout: 15_000 });
    expect(screen.getByRole('heading', { name: 'របាយការណ៍បាញ់ត្រី' })).toBeTruthy();
    expect(row.textContent).toContain('នាគសមុទ្រ');
    expect(row.textContent).not.toContain('Ocean Dragon');
    expect(row.textContent).toContain('20,000');
    expect(row.textContent).toContain('23,000');
    expect(row.textContent).toContain('+3,000');
    expect(within(screen.getByTestId('fishing-totals')).getByText('40')).toBeTruthy();
    await waitFor(() =>
      expect(
        calls.some((c) => c.route === 'GET /api/report/fishing' && c.url.includes('from=2026-11-01')),
      ).toBe(true),
    );
  }, 60_000);
});
