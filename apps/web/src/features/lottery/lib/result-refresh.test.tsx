import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render-with-providers';
import { useDrawResult, useTicketList } from '../api/lottery-api';
import { resultRefetchDelay } from './result-refresh';

// A TN draw at 13:00 Phnom Penh (06:00 UTC), cut-off 12:57.
const DRAW_AT = '2026-11-21T13:00:00.000+07:00';
const DRAW_AT_MS = Date.parse(DRAW_AT);
const S = 1_000;
const MIN = 60 * S;

describe('when the result screen asks again (resultRefetchDelay)', () => {
  const at = (status: 'OPEN' | 'CLOSED' | 'DRAWN' | 'SETTLED' | 'VOID', offsetMs: number) =>
    resultRefetchDelay({ status, draw_at: DRAW_AT }, DRAW_AT_MS + offsetMs);

  it('waits for the draw time when it is far, without polling', () => {
    expect(at('OPEN', -60 * MIN)).toBe(10 * MIN); // asked again at most 10 minutes later
    expect(at('OPEN', -60 * S)).toBe(45 * S); // 15 s before the draw
    expect(at('CLOSED', -16 * S)).toBe(1 * S); // never sooner than a second
  });

  it('polls around and after the draw time, faster near it, until the draw settles', () => {
    expect(at('CLOSED', -15 * S)).toBe(3 * S);
    expect(at('CLOSED', 0)).toBe(3 * S);
    expect(at('DRAWN', 1 * MIN)).toBe(3 * S);
    expect(at('CLOSED', 5 * MIN)).toBe(10 * S);
    // A feed's result (up to 20 minutes late, then held 10 minutes before it settles): every 30 s.
    expect(at('CLOSED', 20 * MIN)).toBe(30 * S);
    expect(at('DRAWN', 25 * MIN)).toBe(30 * S);
  });

  it('stops once the draw is settled or void', () => {
    expect(at('SETTLED', 0)).toBe(false);
    expect(at('SETTLED', -60 * MIN)).toBe(false);
    expect(at('VOID', 5 * MIN)).toBe(false);
  });
});

type Status = 'OPEN' | 'CLOSED' | 'DRAWN' | 'SETTLED';
const answer = (status: Status) => ({
  body: {
    data: {
      draw: {
        id: 31,
        type: 'TN',
        code: 'TN-20261121-1300',
        label_km: 'ទិញឈ្នះ ១៣:០០',
        label_en: 'Buy-win 13:00',
        layout: 'TN',
        draw_at: DRAW_AT,
        cutoff_at: '2026-11-21T12:57:00.000+07:00',
        status,
        server_seed_hash: 'a'.repeat(64),
      },
      source: 'ENGINE',
      algorithm: 'lottery-sheet-v1',
      server_seed_hash: 'a'.repeat(64),
      server_seed: status === 'DRAWN' || status === 'SETTLED' ? 'b'.repeat(64) : null,
      lines:
        status === 'DRAWN' || status === 'SETTLED'
          ? ['A', 'B', 'C', 'D', 'E'].map((code, i) => ({
              code,
              index: 1,
              digits: 3,
              number: `${String(i)}00`,
              post: code,
              label_km: code,
              label_en: code,
            }))
          : [],
    },
  },
});

/** The result of draw 31 as the screen holds it, and the player's ticket list beside it. */
function Probe({ offsetMs, onSettled }: { offsetMs: number; onSettled: () => void }) {
  const result = useDrawResult(31, { serverOffsetMs: offsetMs, onSettled });
  useTicketList({ page: 1 });
  const data = result.data;
  return <p data-testid="probe">{data ? `${data.draw.status} ${String(data.lines.length)}` : 'none'}</p>;
}

describe('useDrawResult refetches around the draw time (fake clock)', () => {
  beforeAll(async () => {
    // The response schemas load on first use; loaded here, they answer at once under the fake clock.
    await import('../api/contract-schemas');
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  function serve(statuses: readonly Status[]) {
    let n = 0;
    const mock = mockFetch({
      'GET /api/lottery/result/31': () => answer(statuses[Math.min(n++, statuses.length - 1)]!),
      'GET /api/lottery/ticket/list': {
        body: { data: { items: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } } },
      },
    });
    const count = (route: string) => mock.calls.filter((c) => c.route === route).length;
    return {
      results: () => count('GET /api/lottery/result/31'),
      lists: () => count('GET /api/lottery/ticket/list'),
    };
  }

  it('shows the sheet, then the settlement, of a draw being watched, and then stops asking', async () => {
    // 20 s before the draw on the server's clock; the device's clock is 10 minutes slow (the offset of
    // result/time says so), which must not delay anything.
    vi.setSystemTime(DRAW_AT_MS - 20 * S - 10 * MIN);
    const calls = serve(['CLOSED', 'CLOSED', 'CLOSED', 'DRAWN', 'SETTLED']);
    const onSettled = vi.fn();
    renderWithProviders(<Probe offsetMs={10 * MIN} onSettled={onSettled} />);
    await advance(50);
    expect(screen.getByTestId('probe').textContent).toBe('CLOSED 0');
    expect(calls.results()).toBe(1);

    // Nothing until 15 s before the draw.
    await advance(4_900);
    expect(calls.results()).toBe(1);
    await advance(100);
    expect(calls.results()).toBe(2);

    // Then every 3 s: still closed, then drawn (the sheet shows; the tickets are asked again).
    await advance(3 * S);
    expect(calls.results()).toBe(3);
    expect(calls.lists()).toBe(1);
    await advance(3 * S);
    expect(screen.getByTestId('probe').textContent).toBe('DRAWN 5');
    expect(calls.lists()).toBe(2);
    expect(onSettled).not.toHaveBeenCalled();

    // Settled: the payouts are final, the balance changed; no more calls.
    await advance(3 * S);
    expect(screen.getByTestId('probe').textContent).toBe('SETTLED 5');
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(calls.lists()).toBe(3);
    const settledAt = calls.results();
    await advance(30 * MIN);
    expect(calls.results()).toBe(settledAt);
  });

  it('asks a settled draw once', async () => {
    vi.setSystemTime(DRAW_AT_MS + MIN);
    const calls = serve(['SETTLED']);
    const onSettled = vi.fn();
    renderWithProviders(<Probe offsetMs={0} onSettled={onSettled} />);
    await advance(50);
    expect(screen.getByTestId('probe').textContent).toBe('SETTLED 5');
    await advance(30 * MIN);
    expect(calls.results()).toBe(1);
    // Already settled when it was opened: nothing changed while watched.
    expect(onSettled).not.toHaveBeenCalled();
  });
});
