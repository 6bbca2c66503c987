import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { SIGNED_IN } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const parlay = {
  id: 'slip-b',
  slip_no: '1234567',
  created_at: '2026-11-21T05:00:00.000Z',
  type: 'PARLAY',
  legs: [
    {
      fixture: 'Mekong Tigers v Koh Kong Dolphins',
      kickoff_at: '2026-11-21T13:00:00.000Z',
      market: 'AH',
      selection: 'HOME',
      line: '-1.25',
      odds: '2.02',
      result: 'HALF_WIN',
      score: '2-1',
    },
    {
      fixture: 'Angkor Lions v Kampot Pepper',
      kickoff_at: '2026-11-21T13:00:00.000Z',
      market: 'OU',
      selection: 'OVER',
      line: '2.5',
      odds: '1.86',
      result: 'WIN',
      score: '2-1',
    },
  ],
  odds: '3.75',
  stake: 5_000,
  payout: 14_043,
  win_lose: 9_043,
  status: 'HALF_WON',
  settled_at: '2026-11-21T15:00:00.000Z',
};
const pending = {
  id: 'slip-c',
  slip_no: '0000043',
  created_at: '2026-11-21T06:00:00.000Z',
  type: 'SINGLE',
  legs: [
    {
      fixture: 'Kep Crabs v Bokor Eagles',
      kickoff_at: '2026-11-21T13:30:00.000Z',
      market: '1X2',
      selection: 'AWAY',
      line: null,
      odds: '4.64',
      result: null,
      score: null,
    },
  ],
  odds: '4.64',
  stake: 2_000,
  payout: 0,
  win_lose: -2_000,
  status: 'PENDING',
  settled_at: null,
};
const meta = { current_page: 1, per_page: 20, total: 2, last_page: 1 };
const TOTAL = {
  body: {
    data: { count: 2, stake: 7_000, payout: 14_043, win_lose: 7_043, pending_count: 1, pending_stake: 2_000 },
  },
};

describe('sport report (providers.md §8)', () => {
  it(
    'lists the slips with their legs in Khmer, signed win/lose, and the totals with the pending apart',
    { timeout: 30_000 },
    async () => {
      const { calls } = mockFetch({
        'GET /api/user': SIGNED_IN,
        'GET /api/report/sport': { body: { data: { items: [pending, parlay], meta } } },
        'GET /api/report/sport/total': TOTAL,
      });
      const { user } = renderApp('/report/sport');

      expect(await screen.findByRole('heading', { name: 'របាយការណ៍កីឡា' })).toBeTruthy();
      const rows = await screen.findAllByTestId('sport-row');
      expect(rows).toHaveLength(2);
      // A pending slip: its status, no payout and no win/lose yet.
      expect(rows[0]!.textContent).toContain('សន្លឹក 0000043 · ទោល');
      expect(within(rows[0]!).getByText('រង់ចាំ').getAttribute('data-status')).toBe('PENDING');
      expect(within(rows[0]!).queryByTestId('slip-win-lose')).toBeNull();
      expect(rows[1]!.textContent).toContain('សន្លឹក 1234567 · ផ្សំ');
      expect(rows[1]!.textContent).toContain('3.75');
      expect(rows[1]!.textContent).toContain('5,000 ៛');
      expect(rows[1]!.textContent).toContain('14,043 ៛');
      expect(within(rows[1]!).getByTestId('slip-win-lose').textContent).toBe('+9,043 ៛');
      expect(within(rows[1]!).getByText('ឈ្នះពាក់កណ្ដាល').getAttribute('data-status')).toBe('HALF_WON');

      // Legs shown under each slip, clubs and markets in Khmer.
      const legLists = screen.getAllByTestId('sport-legs');
      expect(legLists).toHaveLength(2);
      const parlayLegs = within(legLists[1]!).getAllByTestId('sport-leg');
      expect(parlayLegs.map((l) => within(l).getByTestId('sport-leg-fixture').textContent)).toEqual([
        'ខ្លាមេគង្គ ទល់ ផ្សោតកោះកុង',
        'តោអង្គរ ទល់ ម្រេចកំពត',
      ]);
      expect(parlayLegs.map((l) => within(l).getByTestId('sport-leg-pick').textContent)).toEqual([
        'ហេនឌីកាបអាស៊ី · ម្ចាស់ផ្ទះ -1.25 @ 2.02',
        'លើស/ក្រោម · លើស 2.5 @ 1.86',
      ]);
      expect(parlayLegs.map((l) => within(l).getByTestId('sport-leg-result').textContent)).toEqual([
        'លទ្ធផល 2-1ឈ្នះពាក់កណ្ដាល',
        'លទ្ធផល 2-1ឈ្នះ',
      ]);
      expect(within(legLists[0]!).getByTestId('sport-leg-pick').textContent).toBe('លទ្ធផលប្រកួត · ភ្ញៀវ @ 4.64');
      expect(within(legLists[0]!).getByTestId('sport-leg-result').textContent).toBe('មិនទាន់ទូទាត់');

      expect(screen.getByTestId('sport-total-count').textContent).toBe('2');
      expect(screen.getByTestId('sport-total-stake').textContent).toBe('7,000 ៛');
      expect(screen.getByTestId('sport-total-payout').textContent).toBe('14,043 ៛');
      expect(screen.getByTestId('sport-total-win-lose').textContent).toBe('+7,043 ៛');
      expect(screen.getByTestId('sport-total-pending-count').textContent).toBe('1');
      expect(screen.getByTestId('sport-total-pending-stake').textContent).toBe('2,000 ៛');

      // The status filter goes to both calls.
      await user.selectOptions(screen.getByLabelText('ស្ថានភាព'), 'HALF_WON');
      await waitFor(() =>
        expect(
          calls
            .filter((c) => c.url.includes('status=HALF_WON'))
            .map((c) => c.route)
            .sort(),
        ).toEqual(['GET /api/report/sport', 'GET /api/report/sport/total']),
      );
    },
  );

  it('sends the date range to both calls and explains a range beyond 31 days in Khmer', async () => {
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/report/sport': {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { to: ['x'] } },
      },
      'GET /api/report/sport/total': {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { to: ['x'] } },
      },
    });
    renderApp('/report/sport?from=2026-01-01&to=2026-03-01');
    expect(await screen.findByText('សូមជ្រើសរើសរយៈពេលមិនលើសពី ៣១ ថ្ងៃ។')).toBeTruthy();
    const report = calls.find((c) => c.route === 'GET /api/report/sport')!;
    const query = new URL(report.url, 'http://x').searchParams;
    expect([query.get('from'), query.get('to'), query.get('page'), query.get('per_page')]).toEqual([
      '2026-01-01',
      '2026-03-01',
      '1',
      '20',
    ]);
  });

  it('shows an empty period in Khmer', async () => {
    mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/report/sport': {
        body: { data: { items: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } } },
      },
      'GET /api/report/sport/total': {
        body: { data: { count: 0, stake: 0, payout: 0, win_lose: 0, pending_count: 0, pending_stake: 0 } },
      },
    });
    renderApp('/report/sport');
    expect(await screen.findByText('មិនមានសន្លឹកភ្នាល់ក្នុងរយៈពេលនេះទេ។')).toBeTruthy();
  });
});

describe('sportsbook page (providers.md §5, seed §1)', () => {
  it('opens the sportsbook through /api/sport/login in the game frame, balance hidden, a new launch each visit', async () => {
    let launches = 0;
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/sport/login': () => {
        launches += 1;
        return {
          body: {
            data: {
              url: `/provider/demo/demo-league/?provider=sport&code=launch-${launches}`,
              token: 't'.repeat(43),
              expires_at: '2026-11-21T06:00:00.000Z',
            },
          },
        };
      },
      'GET /api/report/sport': {
        body: { data: { items: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } } },
      },
      'GET /api/report/sport/total': {
        body: { data: { count: 0, stake: 0, payout: 0, win_lose: 0, pending_count: 0, pending_stake: 0 } },
      },
    });
    const { router } = renderApp('/game/sport');
    const frame = await screen.findByTitle('លីគសាកល្បង');
    expect(frame.getAttribute('src')).toBe('/provider/demo/demo-league/?provider=sport&code=launch-1');
    expect(screen.queryByText('ហ្គេមនេះមិនទាន់បើកឱ្យលេងនៅឡើយទេ។', { exact: false })).toBeNull();
    expect(screen.queryByTestId('top-bar-balance')).toBeNull();
    const query = new URL(calls.find((c) => c.route === 'GET /api/sport/login')!.url, 'http://x')
      .searchParams;
    expect(query.get('lang')).toBe('km');
    expect(['mobile', 'desktop']).toContain(query.get('platform'));
    expect(calls.some((c) => c.url.includes('/api/external/'))).toBe(false);

    // Leaving asks for the balance again; coming back launches anew.
    const userCallsBefore = calls.filter((c) => c.route === 'GET /api/user').length;
    await act(() => router.navigate('/report/sport'));
    await waitFor(() =>
      expect(calls.filter((c) => c.route === 'GET /api/user').length).toBeGreaterThan(userCallsBefore),
    );
    await act(() => router.navigate('/game/sport'));
    await waitFor(() =>
      expect(screen.getByTitle('លីគសាកល្បង').getAttribute('src')).toBe(
        '/provider/demo/demo-league/?provider=sport&code=launch-2',
      ),
    );
  });
});
