import type { PlayingRound, ReleasingRound, RoundRecord } from '@lotto59/contract';
import { DRAW_SIZE, type Pool } from '@lotto59/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { notifications } from '@/lib/notifications';
import { lottoKeys } from '../api/keys';
import {
  gridQueryOptions,
  playingQueryOptions,
  recentQueryOptions,
  releasingQueryOptions,
} from '../api/get-rounds';
import { jackpotWinnersQueryOptions } from '../api/get-jackpot-winners';
import { playTone } from '../lib/beeps';
import { serverClock } from '../lib/server-clock';
import { useAtServerTime } from './use-server-time';
import { useLiveEvents, type LottoEvent } from './use-live-events';

/** Without the socket, the screen asks again this often (seed §7 polling calls). */
export const POLL_FALLBACK_MS = 5_000;
/** A little after an instant the server announced, so that its answer already reflects it. */
const AFTER_MS = 250;

export interface LottoLiveOptions {
  pool: Pool;
  /** The balance the server just reported (a bet, a payout): the app puts it in the top bar. */
  onBalance: (balance: number) => void;
  /** Reads the user detail again (the balance, when no live event will bring it). */
  refreshUser: () => void;
  createSocket?: (url: string) => WebSocket;
}

const ms = (iso: string | null | undefined): number | null => (iso ? Date.parse(iso) : null);

function withBall(
  previous: ReleasingRound | undefined,
  event: Extract<LottoEvent, { type: 'ball_released' }>,
) {
  const round = previous?.round;
  if (!previous || !round || round.id !== event.id || event.index !== round.numbers.length + 1) return null;
  const next: RoundRecord = {
    ...round,
    numbers: [...round.numbers, event.number],
    released_count: event.index,
  };
  return { ...previous, round: next };
}

/**
 * The live state of the pool: the open round, the draw coming out, the last results, the winners. Events of
 * `/ws` update it as they come; while the socket is down, the calls are made again on the server's schedule
 * (close, next ball, settlement) and every few seconds.
 */
export function useLottoLive({ pool, onBalance, refreshUser, createSocket }: LottoLiveOptions) {
  const queryClient = useQueryClient();
  const onBalanceRef = useRef(onBalance);
  useEffect(() => {
    onBalanceRef.current = onBalance;
  }, [onBalance]);

  const onEvent = useCallback(
    (event: LottoEvent) => {
      switch (event.type) {
        case 'round_opened':
          if (event.round.poll !== pool) return;
          queryClient.setQueryData<PlayingRound>(lottoKeys.playing(pool), {
            round: event.round,
            server_time: new Date(serverClock.now()).toISOString(),
            seconds_left: Math.max(0, (Date.parse(event.round.close_at) - serverClock.now()) / 1000),
          });
          return;
        case 'betting_closed':
          if (event.poll === pool)
            void queryClient.invalidateQueries({ queryKey: lottoKeys.releasing(pool) });
          return;
        case 'ball_released': {
          if (event.poll !== pool) return;
          const next = withBall(queryClient.getQueryData<ReleasingRound>(lottoKeys.releasing(pool)), event);
          if (next) queryClient.setQueryData(lottoKeys.releasing(pool), next);
          else void queryClient.invalidateQueries({ queryKey: lottoKeys.releasing(pool) });
          return;
        }
        case 'result':
          if (event.round.poll !== pool) return;
          queryClient.setQueryData<ReleasingRound>(lottoKeys.releasing(pool), (previous) => ({
            server_time: previous?.server_time ?? new Date(serverClock.now()).toISOString(),
            round: event.round,
          }));
          void queryClient.invalidateQueries({ queryKey: lottoKeys.grid(pool) });
          void queryClient.invalidateQueries({ queryKey: lottoKeys.recent(pool) });
          return;
        case 'balance':
          onBalanceRef.current(event.balance);
          void queryClient.invalidateQueries({ queryKey: lottoKeys.badge() });
          return;
        case 'jackpot_winners':
          void queryClient.invalidateQueries({ queryKey: lottoKeys.winners() });
          return;
      }
    },
    [pool, queryClient],
  );
  const socket = useLiveEvents(onEvent, createSocket);
  const polling = socket !== 'open';

  const playing = useQuery({
    ...playingQueryOptions(pool),
    refetchInterval: polling ? POLL_FALLBACK_MS : false,
  });
  const releasing = useQuery({
    ...releasingQueryOptions(pool),
    refetchInterval: polling ? POLL_FALLBACK_MS : false,
  });
  const recent = useQuery(recentQueryOptions(pool));
  const grid = useQuery(gridQueryOptions(pool));
  const winners = useQuery(jackpotWinnersQueryOptions());

  const round = playing.data?.round ?? null;
  const drawing = releasing.data?.round ?? null;

  // The round closes at close_at and the next one opens at once (decisions §3): ask then, socket or not
  // (one call per round; a missed event must not leave a closed round on screen).
  const closeAtMs = ms(round?.close_at);
  useAtServerTime(closeAtMs === null ? null : closeAtMs + AFTER_MS, () => {
    void playing.refetch();
    void releasing.refetch();
  });
  // Without the socket, each ball is fetched when the server said it comes out.
  useAtServerTime(polling ? ms(drawing?.next_ball_at) : null, () => void releasing.refetch());
  // Settled: payouts are in, tickets and badge change; the balance comes as an event, else read it.
  const settleAtMs = ms(drawing?.settle_at);
  useAtServerTime(settleAtMs === null ? null : settleAtMs + AFTER_MS, () => {
    void queryClient.invalidateQueries({ queryKey: lottoKeys.badge() });
    void queryClient.invalidateQueries({ queryKey: lottoKeys.tickets() });
    void queryClient.invalidateQueries({ queryKey: lottoKeys.report() });
    void queryClient.invalidateQueries({ queryKey: lottoKeys.recent(pool) });
    void queryClient.invalidateQueries({ queryKey: lottoKeys.grid(pool) });
    void releasing.refetch();
    if (polling) refreshUser();
  });

  useDrawFeedback(drawing);
  useWinnersBanner(winners.data, winners.dataUpdatedAt);

  return {
    socket,
    playing,
    releasing,
    recent,
    grid,
    winners,
    /** The round in the draw panel: the latest of the one coming out and the last result. */
    shownDraw: latest(drawing, recent.data?.items[0] ?? null),
  };
}

const latest = (a: RoundRecord | null, b: RoundRecord | null) => (a && b ? (a.id >= b.id ? a : b) : (a ?? b));

/** Seed §2, §4: the status toast while the draw loads, and a tone per ball and for the result. */
function useDrawFeedback(drawing: RoundRecord | null) {
  const seen = useRef<{ id: number; released: number } | null>(null);
  const id = drawing?.id ?? null;
  const released = drawing?.released_count ?? 0;
  useEffect(() => {
    if (id === null) return;
    const before = seen.current;
    seen.current = { id, released };
    if (before?.id !== id) {
      // A new draw: say it is loading until its first ball (only when the page saw it start).
      if (released < DRAW_SIZE) notifications.toast({ status: 'LOADING' });
      if (released === 0) playTone('closed');
      return;
    }
    if (released > before.released) playTone(released === DRAW_SIZE ? 'result' : 'ball');
  }, [id, released]);
}

/** Seed §2, §4: the scrolling banner with the jackpot winners and the operator's message, when there are any. */
function useWinnersBanner(
  data: { winners: { bet_id: number; diff: number; price: number }[]; message: string | null } | undefined,
  updatedAt: number,
) {
  useEffect(() => {
    if (!data || (data.winners.length === 0 && !data.message)) return;
    notifications.showBanner({
      winners: data.winners.map(({ bet_id, diff, price }) => ({ bet_id, diff, price })),
      ...(data.message ? { message: data.message } : {}),
    });
    // Shown again only when a new answer arrives, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [updatedAt]);
}
