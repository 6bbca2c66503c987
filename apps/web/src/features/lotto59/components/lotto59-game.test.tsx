import type { BetRecord, RoundRecord } from '@lotto59/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { PLAYER } from '@/testing/fixtures';
import { openRound, placedBets } from '@/testing/lotto59-fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';
import { Lotto59Game } from './lotto59-game';

class ControlledSocket {
  static last: ControlledSocket | null = null;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    ControlledSocket.last = this;
  }
  close() {}
  send(type: string, data: object) {
    act(() => this.onmessage?.({ data: JSON.stringify({ type, data }) }));
  }
}
const createSocket = (url: string) => new ControlledSocket(url) as unknown as WebSocket;

/** The player's tickets of a round, as `GET /api/v1/ticket/list?result_id=` answers them. */
type RoundTickets = (resultId: number) => { items: BetRecord[]; total_amount: number; total_payout: number };
const noTickets: RoundTickets = () => ({ items: [], total_amount: 0, total_payout: 0 });

function renderGame(releasing: () => RoundRecord | null, tickets: RoundTickets = noTickets) {
  const now = Date.now();
  const round = openRound(now, 25, 42);
  const { calls } = mockFetch({
    'GET /api/poll': { body: { data: { poll: 'POLL_2' } } },
    'GET /api/v1/result/playing': {
      body: { data: { round, server_time: new Date(now).toISOString(), seconds_left: 25 } },
    },
    'GET /api/v1/result/releasing': () => ({
      body: { data: { round: releasing(), server_time: new Date().toISOString() } },
    }),
    'GET /api/v1/result/recent': { body: { data: { items: [] } } },
    'GET /api/v1/ticket/list': (call) => {
      const list = tickets(Number(new URL(call.url, 'http://x').searchParams.get('result_id')));
      const meta = { current_page: 1, per_page: 100, total: list.items.length, last_page: 1 };
      return { body: { data: { ...list, meta } } };
    },
    'GET /api/result/history': { body: { data: { poll: 'POLL_2', items: [] } } },
    'GET /api/v1/jackpot/winner': {
      body: {
        data: {
          winners: [{ bet_id: 77, diff: 2, price: 150_000, result_id: 40, created_at: '' }],
          message: null,
          pool: 10_000_000,
        },
      },
    },
  });
  const onBalance = vi.fn();
  const view = renderWithProviders(
    <Lotto59Game
      user={PLAYER}
      onBalance={onBalance}
      refreshUser={vi.fn()}
      rulesHref="/game/lotto/59/rules"
      ticketsHref={(id) => `/ticket/lotto59?round=${id}`}
      createSocket={createSocket}
    />,
  );
  return { ...view, calls, onBalance, round };
}

describe('lotto 59 game screen', () => {
  it('shows the pool’s open round with its countdown, the winners banner, and the board', async () => {
    const { calls } = renderGame(() => null);
    expect(await screen.findByRole('heading', { name: 'ឡូតូ 59', level: 1 })).toBeTruthy();
    expect((await screen.findByTestId('round-id')).textContent).toBe('ជុំ #42');
    expect(Number((await screen.findByTestId('countdown')).dataset.secondsLeft)).toBeGreaterThan(20);
    expect(screen.getByRole('button', { name: 'រហ័ស', pressed: true })).toBeTruthy();
    const banner = await screen.findByRole('region', { name: 'អ្នកឈ្នះ' });
    expect(banner.textContent).toContain('0000077');
    expect(banner.textContent).toContain('ជែកផតតូច');
    expect(calls.map((c) => c.url)).toContain('/api/v1/result/playing?poll=POLL_2');
    expect(document.cookie).toContain('poll=POLL_2');
  });

  it('follows the live events: the draw ball by ball, and the balance', async () => {
    let drawing: RoundRecord | null = null;
    const { round, onBalance } = renderGame(() => drawing);
    await screen.findByTestId('countdown');
    const socket = ControlledSocket.last!;
    act(() => socket.onopen?.());
    await waitFor(() =>
      expect(document.querySelector('[data-socket]')?.getAttribute('data-socket')).toBe('open'),
    );

    drawing = { ...round, status: 'RELEASING', numbers: [] };
    socket.send('betting_closed', { id: 42, poll: 'POLL_2' });
    const panel = await screen.findByTestId('draw-panel');
    await waitFor(() => expect(panel.dataset.round).toBe('42'));
    // The status toast while the draw loads (seed §2).
    expect(screen.getByText('កំពុងផ្ទុកលទ្ធផលឆ្នោត…')).toBeTruthy();

    socket.send('ball_released', { id: 42, poll: 'POLL_2', index: 1, number: 31 });
    socket.send('ball_released', { id: 42, poll: 'POLL_2', index: 2, number: 28 });
    socket.send('ball_released', { id: 41, poll: 'POLL_1', index: 1, number: 7 });
    await waitFor(() => expect(panel.dataset.released).toBe('2'));
    expect(
      within(panel)
        .getAllByTestId('ball')
        .map((b) => b.textContent),
    ).toEqual(['ប៉ុស្តិ៍ A: 31', 'ប៉ុស្តិ៍ B: 28']);

    socket.send('balance', { balance: 123_456 });
    await waitFor(() => expect(onBalance).toHaveBeenCalledWith(123_456));
    socket.send('balance', { balance: 'lots' });
    expect(onBalance).toHaveBeenCalledOnce();
  });

  it('keeps the fair-play hash behind an icon until asked for', async () => {
    const { user, round } = renderGame(() => null);
    const toggle = await screen.findByRole('button', { name: 'ភស្តុតាងនៃភាពយុត្តិធម៌' });
    expect(screen.queryByText(round.server_seed_hash)).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('fairness-hash').textContent).toBe(round.server_seed_hash);
  });

  it('polls when the socket is down', async () => {
    renderGame(() => null);
    await screen.findByTestId('countdown');
    act(() => ControlledSocket.last!.onclose?.());
    await waitFor(() =>
      expect(document.querySelector('[data-socket]')?.getAttribute('data-socket')).toBe('closed'),
    );
  });

  it('keeps a drawn round’s outcome in view while the next draw runs, until the server has paid it', async () => {
    // Issue 26, item 1: the fast pool's next draw starts about 6 s before the last round is paid.
    const NUMBERS = [7, 9, 1, 2, 4, 5, 59, 6, 8, 10]; // total 111: under wins
    let drawing: RoundRecord | null = null;
    let paid = false;
    const bets = placedBets(42, 1, 1_000, 0).bets; // one RANGE_6 (under) bet of 1,000 ៛
    const { round, queryClient } = renderGame(
      () => drawing,
      (id) =>
        id !== 42
          ? { items: [], total_amount: 0, total_payout: 0 }
          : paid
            ? {
                items: bets.map((b) => ({ ...b, status: 'WON' as const, payout: 1_950, outstanding: false })),
                total_amount: 1_000,
                total_payout: 1_950,
              }
            : { items: bets, total_amount: 1_000, total_payout: 0 },
    );
    await screen.findByTestId('countdown');
    const socket = ControlledSocket.last!;
    act(() => socket.onopen?.());
    const drawn42: RoundRecord = {
      ...round,
      status: 'RELEASING',
      numbers: NUMBERS,
      released_count: 10,
      total: 111,
      range_type: 'RANGE_1',
      ou_type: 'RANGE_6',
      label: 'SMALL_1',
    };
    drawing = drawn42;
    socket.send('result', { round: drawn42 });
    // The outcome shows with the last ball, before the server pays (item 3): won 1,950 ៛, on its way.
    const moment = await screen.findByTestId('win-moment', {}, { timeout: 3_000 });
    await waitFor(() => expect(moment.dataset.outcome).toBe('win'));
    expect(moment.dataset.paid).toBe('false');

    // The next round closes and its draw starts: the panel follows it, round 42's outcome stays.
    const next = { ...openRound(Date.now(), 0, 43), status: 'RELEASING' as const };
    drawing = next;
    socket.send('betting_closed', { id: 43, poll: 'POLL_2' });
    const panel = await screen.findByTestId('draw-panel');
    await waitFor(() => expect(panel.dataset.round).toBe('43'));
    const held = screen.getByTestId('held-outcome');
    expect(held.dataset.round).toBe('42');
    expect(held.textContent).toContain('ជុំ #42 · លទ្ធផលរបស់អ្នក');
    expect(within(held).getByTestId('win-payout').dataset.amount).toBe('1950');

    // The server pays: the card says so; it stays until the newer draw is complete.
    paid = true;
    await act(() => queryClient.invalidateQueries({ queryKey: ['lotto59', 'tickets'] }));
    await waitFor(() => expect(within(held).getByTestId('win-moment').dataset.paid).toBe('true'));
    const drawn43 = { ...drawn42, id: 43 };
    drawing = drawn43;
    socket.send('result', { round: drawn43 });
    await waitFor(() => expect(screen.queryByTestId('held-outcome')).toBeNull());
  });
});
