import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/lib/http-client';
import { outcomeOfError } from '../api/place-bet';
import { parseTicketId } from '../components/tickets/ticket-lookup';
import { formatSignedRiel } from '@/components/ui/money';
import { balanceEffectOf } from '../components/tickets/ticket-parts';
import { newIdempotencyKey } from './idempotency-key';
import { connectLiveSocket, liveUrl, type LiveStatus } from './live-socket';
import {
  clearPendingBet,
  PENDING_BET_MAX_AGE_MS,
  PENDING_BET_STORAGE_KEY,
  readPendingBet,
  savePendingBet,
  type PendingBet,
} from './pending-bet';

const pending = (key: string, savedAtMs: number): PendingBet => ({
  key,
  savedAtMs,
  submission: {
    kind: 'BET',
    body: { poll: 'POLL_1', result_id: 3, bets: [{ type: 'RANGE_3', amount: 500 }] },
  },
});

describe('idempotency key', () => {
  it('is a UUID v7 from the clock and getRandomValues (which plain http has; randomUUID needs https)', () => {
    const at = Date.UTC(2026, 10, 21);
    expect(newIdempotencyKey((bytes) => bytes.fill(0xff), at)).toBe('01a1fb67-1800-7fff-bfff-ffffffffffff');
    expect(newIdempotencyKey((bytes) => bytes.fill(0), at)).toBe('01a1fb67-1800-7000-8000-000000000000');
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
  });
});

describe('pending bet (sessionStorage)', () => {
  it('is kept until cleared, and only the same key clears it', () => {
    savePendingBet(pending('key-1', 1_000));
    expect(readPendingBet(1_000)?.key).toBe('key-1');
    clearPendingBet('key-0');
    expect(readPendingBet(1_000)?.key).toBe('key-1');
    clearPendingBet('key-1');
    expect(readPendingBet(1_000)).toBeNull();
  });

  it('forgets a bet too old to matter, and anything unreadable', () => {
    savePendingBet(pending('old', 0));
    expect(readPendingBet(PENDING_BET_MAX_AGE_MS + 1)).toBeNull();
    expect(sessionStorage.getItem(PENDING_BET_STORAGE_KEY)).toBeNull();
    sessionStorage.setItem(PENDING_BET_STORAGE_KEY, '{"key": 1}');
    expect(readPendingBet()).toBeNull();
  });
});

describe('bet outcome of a failed call', () => {
  const error = (status: number, message: string, code: HttpError['code'] = null) =>
    new HttpError({ status, message, code });

  it('maps refusals with the seed §5 table; maintenance is a refusal too', () => {
    expect(outcomeOfError(error(422, 'The amount must be at least 500.', 'BET_AMOUNT_TOO_LOW'))).toEqual({
      kind: 'refused',
      reason: 'min_amount',
      value: 500,
    });
    expect(outcomeOfError(error(422, 'Not enought money.'))).toEqual({
      kind: 'refused',
      reason: 'not_enough_money',
    });
    expect(outcomeOfError(error(422, 'Request timeout.'))).toEqual({
      kind: 'refused',
      reason: 'betting_time_over',
    });
    expect(outcomeOfError(error(503, 'The system is under maintenance.'))).toEqual({
      kind: 'refused',
      reason: 'maintenance',
    });
  });

  it('does not call a time-out "betting time over": the bet may have been placed', () => {
    // The client's own time-out carries the text `Request timeout.` but no answer came.
    expect(outcomeOfError(error(0, 'Request timeout.', 'TIMEOUT'))).toEqual({ kind: 'unknown' });
    expect(outcomeOfError(error(0, 'Failed to fetch', 'NETWORK_ERROR'))).toEqual({ kind: 'unknown' });
    expect(outcomeOfError(error(500, 'Server error.', 'INTERNAL'))).toEqual({ kind: 'unknown' });
    expect(outcomeOfError(new TypeError('x'))).toEqual({ kind: 'unknown' });
  });
});

class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  close() {
    this.closed = true;
  }
}

describe('live socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
  });
  afterEach(() => vi.useRealTimers());

  it('uses the page’s origin', () => {
    expect(liveUrl({ protocol: 'http:', host: '10.0.0.5:8080' })).toBe('ws://10.0.0.5:8080/ws');
    expect(liveUrl({ protocol: 'https:', host: 'lotto.example' })).toBe('wss://lotto.example/ws');
  });

  it('reports its state, passes text frames on, and reconnects later each time until stopped', () => {
    const statuses: LiveStatus[] = [];
    const frames: string[] = [];
    const stop = connectLiveSocket({
      url: 'ws://x/ws',
      onStatus: (s) => statuses.push(s),
      onFrame: (f) => frames.push(f),
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      retryDelaysMs: [100, 400],
    });
    const first = FakeSocket.made[0]!;
    first.onopen?.();
    first.onmessage?.({ data: '{"type":"hello","data":{}}' });
    first.onmessage?.({ data: new ArrayBuffer(2) });
    first.onclose?.();
    expect(statuses).toEqual(['connecting', 'open', 'closed']);
    expect(frames).toEqual(['{"type":"hello","data":{}}']);

    vi.advanceTimersByTime(99);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.onclose?.();
    vi.advanceTimersByTime(399);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);

    stop();
    expect(FakeSocket.made[2]!.closed).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.made).toHaveLength(3);
  });
});

describe('tickets', () => {
  it('reads a ticket id as players type it', () => {
    expect(parseTicketId('0001234')).toBe(1234);
    expect(parseTicketId('#12')).toBe(12);
    expect(parseTicketId('១២៣')).toBe(123);
    expect(parseTicketId('0')).toBeNull();
    expect(parseTicketId('12a')).toBeNull();
  });

  it('tells what a ticket did to the balance', () => {
    expect(formatSignedRiel(balanceEffectOf({ status: 'PENDING', amount: 1000, payout: 0 }))).toBe(
      '−1,000 ៛',
    );
    expect(formatSignedRiel(balanceEffectOf({ status: 'WON', amount: 1000, payout: 1950 }))).toBe('+950 ៛');
    expect(formatSignedRiel(balanceEffectOf({ status: 'LOST', amount: 500, payout: 0 }))).toBe('−500 ៛');
    expect(formatSignedRiel(balanceEffectOf({ status: 'VOID', amount: 500, payout: 500 }))).toBe('0 ៛');
  });
});
