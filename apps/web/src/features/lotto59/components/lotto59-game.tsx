import type { PlaceBetResponse, RoundRecord, UserDetail } from '@lotto59/contract';
import type { Pool } from '@lotto59/domain';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, ShieldCheck } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isHttpError } from '@/lib/http-client';
import { notifications } from '@/lib/notifications';
import { usePool, useSetPool } from '../api/get-pool';
import { lottoKeys } from '../api/keys';
import { useLottoLive } from '../hooks/use-lotto-live';
import { useRoundOnPanel } from '../hooks/use-my-round';
import { useAtServerTime } from '../hooks/use-server-time';
import { useLottoTranslation } from '../i18n';
import { BetBoard } from './board/bet-board';
import { Countdown } from './countdown';
import { DRAW_PANEL_ID, DrawPanel } from './draw-panel';
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
      {round && <FairnessProof hash={round.server_seed_hash} />}
    </div>
  );
}

/**
 * The round's committed seed hash, behind an icon (issue 11): the proof is one tap away instead of a line
 * of hex on the header. The hex is the fairness panel's, the one Latin text the screen shows.
 */
function FairnessProof({ hash }: { hash: string }) {
  const { t } = useLottoTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div>
      <button
        type="button"
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setShown((v) => !v)}
        className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-emerald-100 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-amber-300"
        data-testid="fairness-toggle"
      >
        <ShieldCheck aria-hidden="true" className="size-5" />
        {t('live.fairness')}
      </button>
      {shown && (
        <div id={id} className="mt-1 space-y-1 rounded-xl bg-emerald-950/60 p-3 text-xs text-emerald-50">
          <p>{t('live.fairnessText')}</p>
          <p className="font-mono break-all" data-testid="fairness-hash">
            {hash}
          </p>
        </div>
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
  const { mine, held } = useRoundOnPanel(live.shownDraw);
  const [barSlot, setBarSlot] = useState<HTMLDivElement | null>(null);
  const shown = live.shownDraw;
  const rangeType = shown?.range_type ?? null;
  const ouType = shown?.ou_type ?? null;
  const litRanges = useMemo(
    () => new Set<string>(rangeType && ouType ? [rangeType, ouType] : []),
    [rangeType, ouType],
  );
  const onPlaced = (response: PlaceBetResponse, resumed: boolean) => {
    // A replayed answer carries the balance right after that bet, maybe long ago: read the current one.
    if (resumed) refreshUser();
    else {
      onBalance(response.balance);
      // Issue 11: after a bet the view returns to the draw, where the round will play out (at once: a
      // player betting near the close must not wait for a scroll to end before the next tap).
      const draw = document.getElementById(DRAW_PANEL_ID);
      if (draw && draw.getBoundingClientRect().top < 0) draw.scrollIntoView({ block: 'start' });
    }
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
      {/* Phones: draw, board, grid, then the bet bar pinned to the bottom of the screen. Wide screens: draw, bet bar
          and grid on the left, the board on the right. */}
      <div className="flex flex-col gap-3 lg:grid lg:grid-cols-2 lg:items-start">
        <div className="contents lg:block lg:space-y-3">
          <div className="order-1">
            <DrawPanel
              round={shown}
              picks={mine.picks}
              outcome={mine.outcome}
              held={held && { round: held.round, outcome: held.mine.outcome }}
              ticketsHref={ticketsHref}
            />
          </div>
          {/* The bet bar (board/bet-bar.tsx) is drawn here. On a phone it is the last of the column, pinned to the
              bottom of the screen while the page scrolls (one-thumb betting). On a wide screen nothing floats over
              the board (issue 11): it stands in the page under the draw, beside the board, where a 768 px high
              laptop screen shows it without a scroll (issue 26, item 10; under the board it was 900 px down). */}
          <div
            ref={setBarSlot}
            className="sticky bottom-0 z-20 order-4 -mx-3 sm:-mx-6 sm:px-6 lg:static lg:mx-0 lg:overflow-hidden lg:rounded-2xl lg:px-0"
          />
          <div className="order-3">
            <ResultsGrid grid={live.grid.data} />
          </div>
        </div>
        <div className="order-2 space-y-3">
          <BetBoard
            round={round}
            open={open}
            jackpotPoolRiel={live.winners.data?.pool}
            balanceRiel={user.balance}
            litRanges={litRanges}
            barSlot={barSlot}
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
