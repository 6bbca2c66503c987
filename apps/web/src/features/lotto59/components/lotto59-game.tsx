import type { PlaceBetResponse, RoundRecord, UserDetail } from '@lotto59/contract';
import type { Pool } from '@lotto59/domain';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, Hash } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isHttpError } from '@/lib/http-client';
import { notifications } from '@/lib/notifications';
import { usePool, useSetPool } from '../api/get-pool';
import { lottoKeys } from '../api/keys';
import { useLottoLive } from '../hooks/use-lotto-live';
import { useAtServerTime } from '../hooks/use-server-time';
import { useLottoTranslation } from '../i18n';
import { BetBoard } from './board/bet-board';
import { Countdown } from './countdown';
import { DrawPanel } from './draw-panel';
import { PoolSwitch } from './pool-switch';
import { ResultsGrid } from './results-grid';

export interface Lotto59GameProps {
  user: UserDetail;
  /** A balance the server reported (a bet, a payout): the app shows it in the top bar. */
  onBalance: (balance: number) => void;
  /** Reads the user detail again (when the socket is down, a payout is not announced). */
  refreshUser: () => void;
  rulesHref: string;
  /** The tickets list of one round. */
  ticketsHref: (resultId: number) => string;
  createSocket?: (url: string) => WebSocket;
}

/** Open until the server's clock reaches the round's close_at (the server refuses later bets anyway). */
function useBettingOpen(round: RoundRecord | null): boolean {
  const closeAtMs = round ? Date.parse(round.close_at) : null;
  const [closedAt, setClosedAt] = useState<number | null>(null);
  useAtServerTime(closeAtMs, () => setClosedAt(closeAtMs));
  return round !== null && round.status === 'OPEN' && closedAt !== closeAtMs;
}

function RoundHeader({
  round,
  open,
  pool,
  user,
}: {
  round: RoundRecord | null;
  open: boolean;
  pool: Pool;
  user: UserDetail;
}) {
  const { t } = useLottoTranslation();
  const setPool = useSetPool();
  const changePool = (next: Pool) =>
    setPool.mutate(next, {
      onError: (error) =>
        notifications.alert({
          status: 'ERROR',
          message: isHttpError(error, 403) ? t('pool.notEnabled') : t('pool.failed'),
        }),
    });
  return (
    <div className="space-y-2 rounded-2xl bg-emerald-900 p-3 text-white shadow sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-baseline gap-x-3">
            <h1 className="text-2xl font-semibold">{t('game.title')}</h1>
            <p className="text-sm font-semibold text-emerald-100" data-testid="round-id">
              {round ? t('round.number', { id: round.id }) : t('round.none')}
            </p>
          </div>
          <PoolSwitch pool={pool} user={user} pending={setPool.isPending} onChange={changePool} />
        </div>
        {round && open ? (
          <Countdown closeAtMs={Date.parse(round.close_at)} />
        ) : (
          <p
            role="status"
            data-testid="betting-closed"
            className="shrink-0 rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white"
          >
            {t('round.closed')}
          </p>
        )}
      </div>
      {round && (
        <p className="flex items-center gap-1 text-xs text-emerald-100" title={round.server_seed_hash}>
          <Hash aria-hidden="true" className="size-3 shrink-0" />
          <span className="truncate">{t('round.seedHash', { hash: round.server_seed_hash })}</span>
        </p>
      )}
    </div>
  );
}

function Game({
  pool,
  user,
  onBalance,
  refreshUser,
  rulesHref,
  ticketsHref,
  createSocket,
}: Lotto59GameProps & { pool: Pool }) {
  const { t } = useLottoTranslation();
  const queryClient = useQueryClient();
  const live = useLottoLive({ pool, onBalance, refreshUser, ...(createSocket ? { createSocket } : {}) });
  const round = live.playing.data?.round ?? null;
  const open = useBettingOpen(round);
  const onPlaced = (response: PlaceBetResponse, resumed: boolean) => {
    // A replayed answer carries the balance right after that bet, maybe long ago: read the current one.
    if (resumed) refreshUser();
    else onBalance(response.balance);
    void queryClient.invalidateQueries({ queryKey: lottoKeys.badge() });
    void queryClient.invalidateQueries({ queryKey: lottoKeys.tickets() });
    void queryClient.invalidateQueries({ queryKey: lottoKeys.report() });
  };

  return (
    <div className="mx-auto max-w-6xl space-y-3 p-3 sm:p-6" data-socket={live.socket}>
      <RoundHeader round={round} open={open} pool={pool} user={user} />
      {live.playing.isError && !live.playing.data && (
        <div className="space-y-2">
          <AlertMessage>{t('game.loadFailed')}</AlertMessage>
          <Button variant="secondary" onClick={() => void live.playing.refetch()}>
            {t('game.retry')}
          </Button>
        </div>
      )}
      {/* Phones: draw, board, grid. Wide screens: draw and grid on the left, the board on the right. */}
      <div className="flex flex-col gap-3 lg:grid lg:grid-cols-2 lg:items-start">
        <div className="contents lg:block lg:space-y-3">
          <div className="order-1">
            <DrawPanel round={live.shownDraw} />
          </div>
          <div className="order-3">
            <ResultsGrid grid={live.grid.data} />
          </div>
        </div>
        <div className="order-2 space-y-3">
          <BetBoard
            round={round}
            open={open}
            jackpotPoolRiel={live.winners.data?.pool}
            onPlaced={onPlaced}
            ticketsHref={ticketsHref}
          />
          <Link
            to={rulesHref}
            className="flex min-h-11 items-center gap-2 rounded-2xl bg-white px-4 py-3 font-semibold text-emerald-800 shadow-sm ring-1 ring-slate-200 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-700"
          >
            <BookOpen aria-hidden="true" className="size-5" />
            {t('game.rules')}
          </Link>
        </div>
      </div>
    </div>
  );
}

/** `/game/lotto/59`: the round playing in the player's pool, the live draw, the board and the results grid. */
export function Lotto59Game(props: Lotto59GameProps) {
  const { t } = useLottoTranslation();
  const pool = usePool();
  if (pool.data) return <Game {...props} pool={pool.data} />;
  if (pool.isError) {
    return (
      <div className="mx-auto max-w-md space-y-3 p-4">
        <h1 className="text-2xl font-semibold">{t('game.title')}</h1>
        <AlertMessage>{t('game.loadFailed')}</AlertMessage>
        <Button variant="secondary" onClick={() => void pool.refetch()}>
          {t('game.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div role="status" className="flex justify-center p-10 text-emerald-700">
      <Spinner className="size-8" />
      <span className="sr-only">{t('game.loading')}</span>
    </div>
  );
}
