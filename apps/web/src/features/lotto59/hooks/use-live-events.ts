import type { LiveEvent, RoundRecord } from '@lotto59/contract';
import { isPool, type Pool } from '@lotto59/domain';
import { useEffect, useRef, useState } from 'react';
import type { ResponseParser } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';
import { connectLiveSocket, liveUrl, type LiveStatus } from '../lib/live-socket';

/** The events of `/ws` the lotto screen acts on, checked and typed. */
export type LottoEvent =
  | { type: 'round_opened'; round: RoundRecord }
  | { type: 'betting_closed'; id: number; poll: Pool }
  | { type: 'ball_released'; id: number; poll: Pool; index: number; number: number }
  | { type: 'result'; round: RoundRecord }
  | { type: 'balance'; balance: number }
  | { type: 'jackpot_winners' };

export interface LiveParsers {
  event: ResponseParser<LiveEvent>;
  round: ResponseParser<RoundRecord>;
}

const isInt = (value: unknown): value is number => Number.isSafeInteger(value);

/** One text frame → a typed event, or null for anything unknown or malformed (events are only hints). */
export function toLottoEvent(frame: string, parsers: LiveParsers): LottoEvent | null {
  let event: LiveEvent;
  try {
    event = parsers.event.parse(JSON.parse(frame));
  } catch {
    return null;
  }
  const { data } = event;
  const round = () => {
    try {
      return parsers.round.parse(data.round);
    } catch {
      return null;
    }
  };
  switch (event.type) {
    case 'round_opened':
    case 'result': {
      const parsed = round();
      return parsed ? { type: event.type, round: parsed } : null;
    }
    case 'betting_closed':
      return isInt(data.id) && isPool(data.poll) ? { type: event.type, id: data.id, poll: data.poll } : null;
    case 'ball_released':
      return isInt(data.id) && isPool(data.poll) && isInt(data.index) && isInt(data.number)
        ? { type: event.type, id: data.id, poll: data.poll, index: data.index, number: data.number }
        : null;
    case 'balance':
      return isInt(data.balance) ? { type: event.type, balance: data.balance } : null;
    case 'jackpot_winners':
      return { type: event.type };
    case 'hello':
      return null;
  }
}

const loadParsers = async (): Promise<LiveParsers> => ({
  event: await lazySchema((s) => s.liveEventSchema)(),
  round: await lazySchema((s) => s.roundRecordSchema)(),
});

/**
 * Listens to `/ws` while mounted and hands each event to `onEvent`. Returns the socket's state, so the
 * screen can poll while it is not open.
 */
export function useLiveEvents(
  onEvent: (event: LottoEvent) => void,
  createSocket?: (url: string) => WebSocket,
): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    // Frames are handled in order, once the schemas are there (a failed load is tried again next frame).
    let parsers: LiveParsers | null = null;
    let queue = Promise.resolve();
    const stop = connectLiveSocket({
      url: liveUrl(),
      onStatus: setStatus,
      onFrame: (frame) => {
        queue = queue
          .then(async () => {
            parsers ??= await loadParsers();
            const event = toLottoEvent(frame, parsers);
            if (event) onEventRef.current(event);
          })
          .catch(() => undefined);
      },
      ...(createSocket ? { createSocket } : {}),
    });
    return stop;
  }, [createSocket]);

  return status;
}
