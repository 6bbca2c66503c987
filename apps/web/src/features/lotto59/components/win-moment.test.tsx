import type { BetRecord, RoundRecord } from '@lotto59/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { openRound } from '@/testing/lotto59-fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';
import { BOARD_DEFAULTS } from '../config';
import { outcomeOnDraw, picksOf, roundOutcomeOf, type RoundOutcome } from '../lib/round-outcome';
import { DrawPanel } from './draw-panel';

const NUMBERS = [7, 9, 1, 2, 4, 5, 59, 6, 8, 10]; // total 111: band 1 (1 small), under
const drawn: RoundRecord = {
  ...openRound(Date.now()),
  status: 'SETTLED',
  numbers: NUMBERS,
  released_count: 10,
  total: 111,
  range_type: 'RANGE_1',
  ou_type: 'RANGE_6',
  label: 'SMALL_1',
};
const bet = (over: Partial<BetRecord>): BetRecord => ({
  id: 1234,
  result_id: 42,
  group_id: 9,
  poll: 'POLL_2',
  type: 'RANGE_1',
  post: null,
  number: null,
  numbers: null,
  amount: 1000,
  payout: 0,
  jackpot_win_amount: 0,
  jackpot_result: null,
  jackpot_tier: null,
  outstanding: false,
  status: 'LOST',
  created_at: '2026-11-21T09:00:00.000Z',
  settled_at: '2026-11-21T09:01:00.000Z',
  ...over,
});
const settled = (items: BetRecord[], amount: number, payout: number): RoundOutcome =>
  roundOutcomeOf({
    items,
    meta: { current_page: 1, per_page: 100, total: items.length, last_page: 1 },
    total_amount: amount,
    total_payout: payout,
  });

function reduceMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: reduce && query.includes('reduce'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

function renderPanel(round: RoundRecord, items: BetRecord[], outcome: RoundOutcome) {
  return renderWithProviders(
    <DrawPanel
      round={round}
      picks={picksOf(items)}
      outcome={outcome}
      ticketsHref={(id) => `/ticket/lotto59?round=${id}`}
    />,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the win moment', () => {
  const items = [
    bet({ id: 1234, type: 'RANGE_1', status: 'WON', payout: 9_200 }),
    bet({ id: 1235, type: 'NUMBER', post: 'A', number: 7, status: 'WON', payout: 50_000 }),
    bet({ id: 1236, type: 'RANGE_7' }),
  ];

  it('counts the server’s payout up from zero, with the net beside it and the winning tickets', async () => {
    reduceMotion(false);
    renderPanel(drawn, items, settled(items, 3_000, 59_200));
    const paid = screen.getByTestId('win-payout');
    expect(paid.dataset.amount).toBe('59200');
    // It starts below the figure and counts to it exactly.
    expect(paid.textContent).not.toBe('59,200 ៛');
    await vi.waitFor(() => expect(paid.textContent).toBe('59,200 ៛'), { timeout: 3_000 });
    expect(screen.getByTestId('win-net').textContent).toBe('ចំណេញ +56,200 ៛');
    const tickets = screen.getByTestId('win-tickets').textContent ?? '';
    expect(tickets).toContain('#0001234');
    expect(tickets).toContain('ប៉ុស្តិ៍ A លេខ 7');
    expect(tickets).not.toContain('#0001236');
    expect(screen.getByRole('status').textContent).toBe('អ្នកឈ្នះ 59,200 ៛ ក្នុងជុំនេះ (ចំណេញ +56,200 ៛)');
  });

  it('words a win that still lost money as part of the stake back, with the loss (Khmer and English)', async () => {
    reduceMotion(true);
    // One range ticket won 9,200 ៛ back out of 13,700 ៛ staked: a win, and a net loss of 4,500 ៛.
    const mixed = [
      bet({ id: 1234, type: 'RANGE_1', status: 'WON', payout: 9_200 }),
      bet({ id: 1236, type: 'RANGE_7', amount: 12_700 }),
    ];
    renderPanel(drawn, mixed, settled(mixed, 13_700, 9_200));
    // Issue 26, item 3: no "congratulations, you won" over a net loss.
    expect(screen.getByTestId('win-moment').dataset.outcome).toBe('part');
    expect(screen.getByTestId('win-moment').textContent).toContain('អ្នកទទួលបានប្រាក់មកវិញខ្លះ');
    expect(screen.getByTestId('win-moment').textContent).not.toContain('អបអរសាទរ');
    expect(screen.getByTestId('win-net').textContent).toBe('ខាត −4,500 ៛');
    expect(screen.getByRole('status').textContent).toBe('អ្នកទទួលបានមកវិញ 9,200 ៛ ក្នុងជុំនេះ (ខាត −4,500 ៛)');
    expect(screen.getByTestId('win-moment').textContent).not.toContain('ចំណេញ');

    await act(() => setLanguage('en'));
    expect(screen.getByTestId('win-net').textContent).toBe('Net loss −4,500 ៛');
    expect(screen.getByTestId('win-moment').textContent).toContain('You got part of your stake back');
    expect(screen.getByRole('status').textContent).toBe(
      'You got 9,200 ៛ back this round (Net loss −4,500 ៛)',
    );
  });

  it('calls a gain a profit in English too, and a win that paid back the stake even', async () => {
    reduceMotion(true);
    await act(() => setLanguage('en'));
    const view = renderPanel(drawn, items, settled(items, 3_000, 59_200));
    expect(screen.getByTestId('win-net').textContent).toBe('Net gain +56,200 ៛');
    expect(screen.getByTestId('win-moment').dataset.outcome).toBe('win');
    expect(screen.getByTestId('win-moment').textContent).toContain('Congratulations! You won');
    view.unmount();

    const even = [bet({ status: 'WON', payout: 9_200, amount: 9_200 })];
    renderPanel(drawn, even, settled(even, 9_200, 9_200));
    expect(screen.getByTestId('win-net').textContent).toBe('Broke even');
    expect(screen.getByTestId('win-moment').dataset.outcome).toBe('even');
    expect(screen.getByTestId('win-moment').textContent).toContain('You got your stake back');
    await act(() => setLanguage('km'));
    expect(screen.getByTestId('win-net').textContent).toBe('រួចដើម');
  });

  it('marks the player’s ball, post and range on the result', () => {
    reduceMotion(true);
    renderPanel(drawn, items, settled(items, 3_000, 59_200));
    const marked = document.querySelectorAll('li[data-marked]');
    expect(marked).toHaveLength(1);
    expect(marked[0]?.textContent).toContain('7');
    expect(screen.getByTestId('draw-range').textContent).toContain('អ្នកបានភ្នាល់');
    expect(screen.getByTestId('draw-range').textContent).toContain('ចន្លោះ 1 តូច55–238');
    expect(screen.getByTestId('draw-side').textContent).not.toContain('អ្នកបានភ្នាល់');
  });

  it('says calmly that nothing was won, with the stake and the net', () => {
    reduceMotion(true);
    const lost = [bet({ type: 'RANGE_5' })];
    renderPanel(drawn, lost, settled(lost, 1_000, 0));
    const moment = screen.getByTestId('win-moment');
    expect(moment.dataset.outcome).toBe('lose');
    expect(moment.textContent).toContain('ជុំនេះមិនបានឈ្នះទេ');
    expect(screen.getByTestId('win-net').textContent).toBe('ភ្នាល់ 1,000 ៛ · លទ្ធផល −1,000 ៛');
    expect(screen.queryByTestId('win-payout')).toBeNull();
  });

  it('waits for the server while the draw is not out', () => {
    reduceMotion(true);
    const pending = [bet({ status: 'PENDING', outstanding: true })];
    renderPanel(drawn, pending, { kind: 'pending', bets: pending });
    expect(screen.getByTestId('win-moment').dataset.outcome).toBe('pending');
  });

  it('shows the outcome as soon as the draw is public, from the domain’s rules, marked as on its way', () => {
    reduceMotion(true);
    // Issue 26, item 3: band 1 at ×9.20 wins, over loses, a jackpot line with 3 of the draw wins 5 × 1,000 ៛.
    const pending = [
      bet({ id: 1, type: 'RANGE_1', status: 'PENDING', outstanding: true }),
      bet({ id: 2, type: 'RANGE_7', status: 'PENDING', outstanding: true }),
      bet({ id: 3, type: 'JACKPOT', numbers: [1, 2, 4, 30, 31], status: 'PENDING', outstanding: true }),
    ];
    const list = {
      items: pending,
      meta: { current_page: 1, per_page: 100, total: 3, last_page: 1 },
      total_amount: 3_000,
      total_payout: 0,
    };
    const outcome = outcomeOnDraw(list, drawn, BOARD_DEFAULTS);
    expect(outcome).toMatchObject({
      kind: 'settled',
      payoutRiel: 9_200 + 5_000,
      netRiel: 11_200,
      paid: false,
    });
    renderPanel(drawn, pending, outcome);
    const moment = screen.getByTestId('win-moment');
    expect(moment.dataset.outcome).toBe('win');
    expect(moment.dataset.paid).toBe('false');
    expect(screen.getByTestId('win-paying').textContent).toContain('ប្រាក់កំពុងបញ្ចូលគណនី');
    expect(screen.getByTestId('win-tickets').querySelectorAll('li')).toHaveLength(2);
    // Before the last ball nothing is worked out.
    const partial = { ...drawn, numbers: NUMBERS.slice(0, 9), released_count: 9 };
    expect(outcomeOnDraw(list, partial, BOARD_DEFAULTS).kind).toBe('pending');
  });
});

describe('reduced motion', () => {
  it('shows the final figures at once and runs no animation', () => {
    reduceMotion(true);
    const raf = vi.fn();
    vi.stubGlobal('requestAnimationFrame', raf);
    const items = [bet({ status: 'WON', payout: 9_200 })];
    renderPanel(drawn, items, settled(items, 1_000, 9_200));
    expect(screen.getByTestId('win-payout').textContent).toBe('9,200 ៛');
    expect(raf).not.toHaveBeenCalled();
    // Animations are `motion-safe:` only: the browser drops them when the player asks for less motion.
    for (const ball of screen.getAllByTestId('ball'))
      expect(ball.className).toMatch(/(^| )motion-safe:animate-/);
    expect(document.querySelector('[class*="animate-"]:not([class*="motion-safe:animate-"])')).toBeNull();
  });

  it('shows the running total of a draw without counting', () => {
    reduceMotion(true);
    const raf = vi.fn();
    vi.stubGlobal('requestAnimationFrame', raf);
    const drawing: RoundRecord = {
      ...drawn,
      status: 'RELEASING',
      numbers: [31, 28],
      released_count: 2,
      total: null,
      range_type: null,
      ou_type: null,
      label: null,
    };
    renderPanel(drawing, [], { kind: 'none' });
    expect(screen.getByTestId('running-total').textContent).toBe('59');
    act(() => undefined);
    expect(raf).not.toHaveBeenCalled();
  });
});

describe('the top bar’s balance', () => {
  it('counts up to a payout, and drops at once by a stake', async () => {
    reduceMotion(false);
    const { useCountUp } = await import('@/lib/motion');
    function Balance({ riel }: { riel: number }) {
      return <p data-testid="b">{useCountUp(riel, { upOnly: true })}</p>;
    }
    const view = renderWithProviders(<Balance riel={1_000} />);
    expect(screen.getByTestId('b').textContent).toBe('1000');
    view.rerender(<Balance riel={500} />);
    expect(screen.getByTestId('b').textContent).toBe('500');
    view.rerender(<Balance riel={60_500} />);
    expect(Number(screen.getByTestId('b').textContent)).toBeLessThan(60_500);
    await vi.waitFor(() => expect(screen.getByTestId('b').textContent).toBe('60500'), { timeout: 3_000 });
  });
});
