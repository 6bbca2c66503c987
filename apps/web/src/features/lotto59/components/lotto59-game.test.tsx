import type { RoundRecord } from '@lotto59/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { PLAYER } from '@/testing/fixtures';
import { openRound } from '@/testing/lotto59-fixtures';
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

function renderGame(releasing: () => RoundRecord | null) {
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
});
