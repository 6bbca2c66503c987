import type { NumberStatsAnswer } from '@lotto59/contract';
import { useQuery } from '@tanstack/react-query';
import { useFavourites, useSaveFavourites } from '@/lib/favourites';
import { numberStatsQueryOptions } from '../../api/get-number-stats';
import { usePool } from '../../api/get-pool';
import { recentQueryOptions } from '../../api/get-rounds';
import { useLottoTranslation } from '../../i18n';

const CHIP =
  'inline-flex min-h-11 min-w-11 flex-col items-center justify-center rounded-lg px-1 text-base font-semibold tabular-nums ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Hot and cold numbers beside the 1–59 grid (issue 26, item 5): the five most and least drawn balls of the
 * pool's last 100 draws, each a tap that adds it to the NUMBER bet, and every ball's count folded below. The
 * figures are the server's (`GET /api/v1/lotto59/stats`, the domain's `numberStats`); nothing shows until they
 * arrive, and a failed call leaves the board as it was.
 */
export function NumberStats({
  chosen,
  onAdd,
  disabled,
}: {
  chosen: readonly number[];
  onAdd: (number: number) => void;
  disabled: boolean;
}) {
  const { data: pool } = usePool();
  const recent = useQuery({ ...recentQueryOptions(pool ?? 'POLL_2'), enabled: pool !== undefined });
  const newest = recent.data?.items[0]?.id ?? null;
  const stats = useQuery({
    ...numberStatsQueryOptions(pool ?? 'POLL_2', newest),
    enabled: pool !== undefined && recent.isSuccess,
  });
  return (
    <>
      <FavouriteNumbers chosen={chosen} onAdd={onAdd} disabled={disabled} />
      {stats.data && <NumberStatsView stats={stats.data} chosen={chosen} onAdd={onAdd} disabled={disabled} />}
    </>
  );
}

/**
 * The player's saved numbers (issue 26, item 5): each a tap that adds it to the bet, and a button that saves the
 * numbers chosen now as the list (kept on the server per player, `PUT /api/v1/favourites/LOTTO59`).
 */
function FavouriteNumbers({
  chosen,
  onAdd,
  disabled,
}: {
  chosen: readonly number[];
  onAdd: (number: number) => void;
  disabled: boolean;
}) {
  const { t } = useLottoTranslation();
  const favourites = useFavourites('LOTTO59').map(Number);
  const save = useSaveFavourites('LOTTO59');
  const same = chosen.length === favourites.length && chosen.every((n) => favourites.includes(n));
  return (
    <section
      aria-label={t('stats.favourites')}
      data-testid="favourites"
      className="space-y-2 rounded-xl bg-emerald-50 p-2 ring-1 ring-emerald-200"
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="shrink-0 text-sm font-semibold text-emerald-900">{t('stats.favourites')}</span>
        {favourites.map((n) => (
          <button
            key={n}
            type="button"
            disabled={disabled || chosen.includes(n)}
            onClick={() => onAdd(n)}
            data-number={n}
            className={`${CHIP} bg-white text-emerald-900 ring-emerald-300`}
          >
            {n}
          </button>
        ))}
        {favourites.length === 0 && <span className="text-xs text-slate-600">{t('stats.noFavourites')}</span>}
      </div>
      <button
        type="button"
        data-testid="save-favourites"
        disabled={chosen.length === 0 || same || save.isPending}
        onClick={() => save.mutate(chosen.map(String))}
        className="min-h-11 rounded-lg bg-emerald-700 px-3 text-sm font-semibold text-white disabled:opacity-50"
      >
        {same && save.isSuccess ? t('stats.saved') : t('stats.saveFavourites')}
      </button>
    </section>
  );
}

export function NumberStatsView({
  stats,
  chosen,
  onAdd,
  disabled,
}: {
  stats: NumberStatsAnswer;
  chosen: readonly number[];
  onAdd: (number: number) => void;
  disabled: boolean;
}) {
  const { t } = useLottoTranslation();
  const most = Math.max(1, ...stats.counts);
  const row = (kind: 'hot' | 'cold', numbers: readonly number[]) => (
    <div className="flex flex-wrap items-center gap-1.5" data-testid={`stats-${kind}`}>
      <span
        className={`w-full shrink-0 text-sm font-semibold sm:w-16 ${kind === 'hot' ? 'text-red-700' : 'text-sky-800'}`}
      >
        {t(`stats.${kind}`)}
      </span>
      {numbers.map((n) => (
        <button
          key={n}
          type="button"
          disabled={disabled || chosen.includes(n)}
          onClick={() => onAdd(n)}
          data-number={n}
          className={`${CHIP} ${kind === 'hot' ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-sky-50 text-sky-900 ring-sky-200'}`}
        >
          <span aria-hidden="true">{n}</span>
          <span aria-hidden="true" className="text-[0.65rem] font-normal leading-none">
            ×{stats.counts[n - 1]}
          </span>
          <span className="sr-only">
            {t('stats.add', { number: n })}, {t('stats.times', { count: stats.counts[n - 1] ?? 0 })}
          </span>
        </button>
      ))}
    </div>
  );
  return (
    <section
      aria-label={t('stats.title')}
      data-testid="number-stats"
      data-draws={stats.draws}
      className="space-y-2 rounded-xl bg-slate-50 p-2 ring-1 ring-slate-200"
    >
      <p className="text-sm font-semibold text-slate-800">
        {t('stats.title')}{' '}
        <span className="font-normal text-slate-600">
          {stats.draws > 0 ? t('stats.caption', { count: stats.draws }) : t('stats.none')}
        </span>
      </p>
      {stats.draws > 0 && (
        <>
          {row('hot', stats.hot)}
          {row('cold', stats.cold)}
          <details>
            <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-slate-700">
              {t('stats.frequency')}
            </summary>
            <ol
              className="grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-1"
              data-testid="stats-counts"
            >
              {stats.counts.map((count, i) => (
                <li
                  key={i}
                  data-number={i + 1}
                  data-count={count}
                  className="relative overflow-hidden rounded-md bg-white px-1 py-0.5 text-center text-xs tabular-nums ring-1 ring-slate-200"
                >
                  {/* A bar under the figure: its height is the ball's share of the most drawn ball's count. */}
                  <span
                    aria-hidden="true"
                    className="absolute inset-x-0 bottom-0 bg-amber-200"
                    style={{ height: `${Math.round((count / most) * 100)}%` }}
                  />
                  <span className="relative block font-semibold text-slate-900">{i + 1}</span>
                  <span className="relative block text-slate-700">{count}</span>
                </li>
              ))}
            </ol>
          </details>
        </>
      )}
    </section>
  );
}
