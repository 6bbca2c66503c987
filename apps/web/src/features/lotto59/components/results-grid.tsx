import type { ResultGrid } from '@lotto59/contract';
import { resultGridLayout, RESULT_GRID } from '@lotto59/domain';
import { Check } from 'lucide-react';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { useLottoTranslation } from '../i18n';
import { rangeName, rangeShortName } from './bet-names';

/** Seed §4: the results grid, 7 rows (RANGE_1…RANGE_7) × the last 10 rounds, a mark where that type won. */
export function ResultsGrid({ grid }: { grid: ResultGrid | undefined }) {
  const { t } = useLottoTranslation();
  const layout = resultGridLayout(grid?.items ?? []);
  return (
    <section
      aria-labelledby="grid-title"
      className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id="grid-title" className="mb-2 text-lg font-semibold">
        {t('grid.title', { count: RESULT_GRID.columns })}
      </h2>
      <ScrollRegion label={t('grid.caption')}>
        <table className="w-full table-fixed border-collapse text-center text-sm" data-testid="results-grid">
          <caption className="sr-only">{t('grid.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="w-10 p-1 text-xs font-semibold text-slate-600">
                <span className="sr-only">{t('grid.type')}</span>
              </th>
              {layout.columns.map((column, index) => (
                <th
                  key={index}
                  scope="col"
                  className="p-0.5 text-[0.65rem] font-normal text-slate-600 tabular-nums"
                >
                  {column ? (
                    <>
                      <span className="sr-only">{t('grid.round')} </span>
                      {column.result_id % 1000}
                      <span className="block font-semibold text-slate-800">{column.total}</span>
                    </>
                  ) : (
                    <span className="sr-only">{t('grid.empty')}</span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {layout.rows.map((row, rowIndex) => (
              <tr key={row}>
                <th scope="row" className="p-1 text-sm font-semibold">
                  <span aria-hidden="true">{rangeShortName(row)}</span>
                  <span className="sr-only">{rangeName(row, t)}</span>
                </th>
                {layout.cells[rowIndex]!.map((marked, column) => (
                  <td
                    key={column}
                    className="h-8 border border-slate-100 bg-slate-50/60 p-0.5"
                    data-marked={marked || undefined}
                  >
                    {marked && (
                      <span
                        className={`mx-auto flex size-6 items-center justify-center rounded-full text-white ${
                          rowIndex < 5 ? 'bg-emerald-700' : rowIndex === 5 ? 'bg-sky-700' : 'bg-rose-700'
                        }`}
                      >
                        <Check aria-hidden="true" className="size-4" />
                        <span className="sr-only">{t('grid.won')}</span>
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
