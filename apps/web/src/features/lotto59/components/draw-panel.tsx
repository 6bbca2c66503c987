import type { RoundRecord } from '@lotto59/contract';
import { DRAW_SIZE, RANGE_TOTALS } from '@lotto59/domain';
import { useLottoTranslation } from '../i18n';
import { rangeName, resultLabelName } from './bet-names';
import { DrawBalls } from './draw-balls';

/** The total, its band and side and the seed §9 label, once every ball is out. */
export function ResultFacts({ round }: { round: RoundRecord }) {
  const { t } = useLottoTranslation();
  if (round.total === null || !round.range_type || !round.ou_type || !round.label) return null;
  return (
    <dl className="grid grid-cols-3 gap-2 text-center" data-testid="draw-result">
      <div className="rounded-xl bg-emerald-900 p-2 text-white">
        <dt className="text-xs text-emerald-100">{t('result.total')}</dt>
        <dd className="text-2xl font-bold tabular-nums" data-testid="draw-total">
          {round.total}
        </dd>
      </div>
      <div className="rounded-xl bg-emerald-50 p-2 ring-1 ring-emerald-200">
        <dt className="text-xs text-slate-600">{t('result.range')}</dt>
        <dd className="font-semibold">
          {rangeName(round.range_type, t)}
          <span className="block text-xs font-normal text-slate-600">
            {RANGE_TOTALS[round.range_type].min}–{RANGE_TOTALS[round.range_type].max}
          </span>
        </dd>
      </div>
      <div className="rounded-xl bg-emerald-50 p-2 ring-1 ring-emerald-200">
        <dt className="text-xs text-slate-600">{t('result.label')}</dt>
        <dd className="font-semibold" data-testid="draw-label">
          {resultLabelName(round.label, t)}
          <span className="block text-xs font-normal text-slate-600">{rangeName(round.ou_type, t)}</span>
        </dd>
      </div>
    </dl>
  );
}

/**
 * The live draw (seed §9 timings come from the server: each ball is shown when the server releases it),
 * or the last result when no draw is running.
 */
export function DrawPanel({ round }: { round: RoundRecord | null }) {
  const { t } = useLottoTranslation();
  const drawing = round !== null && round.released_count < DRAW_SIZE;
  const last = round?.numbers.at(-1);
  return (
    <section
      aria-labelledby="draw-title"
      className="space-y-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-5"
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
      {round === null ? (
        <>
          <DrawBalls numbers={[]} />
          <p className="text-sm text-slate-600">{t('draw.none')}</p>
        </>
      ) : (
        <>
          <DrawBalls numbers={round.numbers} />
          <p className="sr-only" aria-live="polite">
            {drawing && last !== undefined
              ? t('draw.ballOut', { n: round.released_count, number: last })
              : ''}
          </p>
          <ResultFacts round={round} />
        </>
      )}
    </section>
  );
}
