import type { RoundRecord } from '@lotto59/contract';
import { DRAW_SIZE, RANGE_TOTALS, type RangeBetType } from '@lotto59/domain';
import { Star } from 'lucide-react';
import { useCountUp } from '@/lib/motion';
import { useLottoTranslation } from '../i18n';
import { markedPositions, type RoundOutcome, type RoundPicks } from '../lib/round-outcome';
import { bandSizeName, rangeName, resultLabelName } from './bet-names';
import { DrawBalls } from './draw-balls';
import { WinMoment } from './win-moment';

/** The draw panel's element id: the screen scrolls back to it after a bet. */
export const DRAW_PANEL_ID = 'lotto59-draw';

function MyPickBadge() {
  const { t } = useLottoTranslation();
  return (
    <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-slate-900 px-2 py-0.5 text-xs font-semibold text-amber-300">
      <Star aria-hidden="true" className="size-3 fill-current" />
      {t('live.yourBet')}
    </span>
  );
}

/**
 * The total, its band and side and the seed §9 label, once every ball is out. The band and side cards light
 * up as the result lands; `myRanges` marks the ones the player bet on.
 */
export function ResultFacts({
  round,
  myRanges,
}: {
  round: RoundRecord;
  myRanges?: ReadonlySet<string> | undefined;
}) {
  const { t } = useLottoTranslation();
  if (round.total === null || !round.range_type || !round.ou_type || !round.label) return null;
  const card = (type: RangeBetType) =>
    myRanges?.has(type)
      ? 'bg-amber-300 text-slate-950 ring-2 ring-amber-500'
      : 'bg-amber-50 text-slate-950 ring-1 ring-amber-300';
  const size = bandSizeName(round.range_type, t);
  return (
    <dl className="grid grid-cols-3 gap-2 text-center" data-testid="draw-result">
      <div className="rounded-xl bg-emerald-900 p-2 text-white">
        <dt className="text-xs text-emerald-100">{t('result.total')}</dt>
        <dd className="text-2xl font-bold tabular-nums" data-testid="draw-total">
          {round.total}
        </dd>
      </div>
      <div
        className={`rounded-xl p-2 motion-safe:animate-light-up ${card(round.range_type)}`}
        data-testid="draw-range"
        data-range={round.range_type}
      >
        <dt className="text-xs text-slate-700">{t('result.range')}</dt>
        <dd className="font-semibold">
          {rangeName(round.range_type, t)}
          {size && <> {size}</>}
          <span className="block text-xs font-normal text-slate-700">
            {RANGE_TOTALS[round.range_type].min}–{RANGE_TOTALS[round.range_type].max}
          </span>
          {myRanges?.has(round.range_type) && <MyPickBadge />}
        </dd>
      </div>
      <div
        className={`rounded-xl p-2 motion-safe:animate-light-up ${card(round.ou_type)}`}
        data-testid="draw-side"
      >
        <dt className="text-xs text-slate-700">{t('result.label')}</dt>
        <dd className="font-semibold" data-testid="draw-label">
          {resultLabelName(round.label, t)}
          <span className="block text-xs font-normal text-slate-700">{rangeName(round.ou_type, t)}</span>
          {myRanges?.has(round.ou_type) && <MyPickBadge />}
        </dd>
      </div>
    </dl>
  );
}

/**
 * Issue 26, item 1: the last round's outcome, kept at the top of the panel while the next draw runs, until
 * the server has paid it. Its own round number says which round it is.
 */
function HeldOutcome({
  round,
  outcome,
  ticketsHref,
}: {
  round: RoundRecord;
  outcome: RoundOutcome;
  ticketsHref: (resultId: number) => string;
}) {
  const { t } = useLottoTranslation();
  return (
    <div className="space-y-1" data-testid="held-outcome" data-round={round.id}>
      <p className="text-sm font-semibold text-slate-700">{t('win.held', { id: round.id })}</p>
      <WinMoment roundId={round.id} outcome={outcome} ticketsHref={ticketsHref(round.id)} />
    </div>
  );
}

/** While the balls come out: the sum so far, counting up to each new ball. */
function RunningTotal({ numbers }: { numbers: readonly number[] }) {
  const { t } = useLottoTranslation();
  const sum = numbers.reduce((total, n) => total + n, 0);
  const shown = useCountUp(sum, { durationMs: 400 });
  return (
    <p className="flex items-baseline justify-center gap-2 rounded-xl bg-emerald-900 p-2 text-white">
      <span className="text-sm text-emerald-100">{t('live.runningTotal')}</span>
      <span className="text-3xl font-bold tabular-nums" data-testid="running-total" data-total={sum}>
        {shown}
      </span>
    </p>
  );
}

/**
 * The live draw (seed §9 timings come from the server: each ball is shown when the server releases it),
 * or the last result when no draw is running; with the player's picks marked and, once the server has
 * settled the round, their outcome.
 */
export function DrawPanel({
  round,
  picks,
  outcome,
  held,
  ticketsHref,
}: {
  round: RoundRecord | null;
  picks?: RoundPicks | undefined;
  outcome?: RoundOutcome | undefined;
  /** An earlier round of the player's whose outcome stays in view until it is paid (use-my-round). */
  held?: { round: RoundRecord; outcome: RoundOutcome } | null | undefined;
  ticketsHref?: ((resultId: number) => string) | undefined;
}) {
  const { t } = useLottoTranslation();
  const drawing = round !== null && round.released_count < DRAW_SIZE;
  const last = round?.numbers.at(-1);
  return (
    <section
      id={DRAW_PANEL_ID}
      aria-labelledby="draw-title"
      className="scroll-mt-16 space-y-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-5"
      data-testid="draw-panel"
      data-round={round?.id}
      data-released={round?.released_count ?? 0}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="draw-title" className="text-lg font-semibold">
          {round === null ? t('draw.title') : t('draw.titleRound', { id: round.id })}
        </h2>
        {round !== null && (
          <span
            className={`rounded-full px-3 py-1 text-xs font-semibold ${
              drawing ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900'
            }`}
          >
            {drawing ? t('draw.drawing', { count: round.released_count, total: DRAW_SIZE }) : t('draw.final')}
          </span>
        )}
      </div>
      {held && ticketsHref && <HeldOutcome {...held} ticketsHref={ticketsHref} />}
      {round === null ? (
        <>
          <DrawBalls numbers={[]} />
          <p className="text-sm text-slate-600">{t('draw.none')}</p>
        </>
      ) : (
        <>
          <DrawBalls
            numbers={round.numbers}
            {...(picks
              ? { markedPositions: markedPositions(round.numbers, picks), markedPosts: picks.posts }
              : {})}
          />
          <p className="sr-only" aria-live="polite">
            {drawing && last !== undefined
              ? t('draw.ballOut', { n: round.released_count, number: last })
              : ''}
          </p>
          {drawing && round.numbers.length > 0 && <RunningTotal numbers={round.numbers} />}
          <ResultFacts round={round} myRanges={picks?.ranges} />
          {!drawing && outcome && outcome.kind !== 'none' && ticketsHref && (
            <WinMoment roundId={round.id} outcome={outcome} ticketsHref={ticketsHref(round.id)} />
          )}
          {drawing && outcome?.kind === 'pending' && (
            <p className="text-sm text-slate-600" data-testid="my-bets-in-draw">
              {t('live.betsInDraw', { count: outcome.bets.length })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
