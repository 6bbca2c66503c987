import type { BetReport as BetReportData } from '@lotto59/contract';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadFailed } from '@/components/ui/load-failed';
import { LoadingState } from '@/components/ui/loading-state';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { isHttpError } from '@/lib/http-client';
import { useTranslation } from '@/lib/i18n';
import { useBetReport, type ReportRange } from '../../api/get-bet-report';
import { useLottoTranslation } from '../../i18n';
import { Money, WinLoseMoney } from '@/components/ui/money';
import { ReportChart } from './report-chart';
import { dateParam } from '@/lib/date-param';
import { DateRangeForm } from '@/components/ui/date-range-form';

function useRange(): [ReportRange, (next: ReportRange) => void] {
  const [params, setParams] = useSearchParams();
  const update = (next: ReportRange) => {
    const search = new URLSearchParams();
    if (next.from) search.set('from', next.from);
    if (next.to) search.set('to', next.to);
    setParams(search);
  };
  return [{ from: dateParam(params, 'from'), to: dateParam(params, 'to') }, update];
}

function ReportTable({ report }: { report: BetReportData }) {
  const { t } = useLottoTranslation();
  const cell = 'px-2 py-2 text-right whitespace-nowrap tabular-nums';
  const head = 'px-2 py-2 text-right font-semibold';
  return (
    <ScrollRegion
      label={t('report.caption')}
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <table className="w-full text-sm" data-testid="report-table">
        <caption className="sr-only">{t('report.caption')}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-2 text-left font-semibold">
              {t('report.date')}
            </th>
            <th scope="col" className={head}>
              {t('report.count')}
            </th>
            <th scope="col" className={head}>
              {t('report.turnover')}
            </th>
            <th scope="col" className={head}>
              {t('report.payout')}
            </th>
            <th scope="col" className={head}>
              {t('report.winLoss')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {report.items.map((row) => (
            <tr key={row.date}>
              <th scope="row" className="px-2 py-2 text-left font-normal whitespace-nowrap">
                {row.date.split('-').reverse().join('-')}
                {row.outstanding > 0 && (
                  <span className="block text-xs text-amber-800">
                    {t('report.outstanding', { count: row.outstanding })}
                  </span>
                )}
              </th>
              <td className={cell}>{row.count}</td>
              <td className={cell}>
                <Money amount={row.turnover} />
              </td>
              <td className={cell}>
                <Money amount={row.payout} />
              </td>
              <td className={`${cell} font-semibold`}>
                <WinLoseMoney amount={row.win_loss} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 bg-emerald-50 font-semibold" data-testid="report-total">
          <tr>
            <th scope="row" className="px-2 py-2 text-left">
              {t('report.total')}
            </th>
            <td className={cell} data-testid="report-total-count">
              {report.total.count}
            </td>
            <td className={cell}>
              <Money amount={report.total.turnover} testId="report-total-turnover" />
            </td>
            <td className={cell}>
              <Money amount={report.total.payout} testId="report-total-payout" />
            </td>
            <td className={cell}>
              <WinLoseMoney amount={report.total.win_loss} testId="report-total-win-loss" />
            </td>
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}

/** `/report/lotto/59`: per day count, turnover, payout and win/loss, with totals, over a date range. */
export function BetReport() {
  const { t } = useLottoTranslation();
  const { t: tApp } = useTranslation();
  const [range, setRange] = useRange();
  const report = useBetReport(range);
  return (
    <div className="mx-auto max-w-4xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{t('report.title')}</h1>
      <DateRangeForm range={range} onApply={setRange} />
      {!range.from && !range.to && <p className="text-sm text-slate-600">{t('report.defaultRange')}</p>}
      {report.isPending && <LoadingState label={t('game.loading')} />}
      {report.isError && !report.data && (
        <LoadFailed
          // The server's 422 text is English for operators: the player reads why in their language.
          message={
            isHttpError(report.error, 422) ? tApp('fieldErrors.dateRangeInvalid') : t('report.loadFailed')
          }
          retryLabel={t('game.retry')}
          onRetry={() => void report.refetch()}
        />
      )}
      {report.data &&
        (report.data.items.length === 0 ? (
          <EmptyState>{t('report.empty')}</EmptyState>
        ) : (
          <>
            <ReportChart report={report.data} />
            <ReportTable report={report.data} />
          </>
        ))}
    </div>
  );
}
