import { useId, type ReactNode } from 'react';
import { DateRangeForm, type DateRangeFormLabels } from '@/components/ui/date-range-form';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadFailed } from '@/components/ui/load-failed';
import { LoadingState } from '@/components/ui/loading-state';
import { Money, WinLoseMoney } from '@/components/ui/money';
import { Pager, pagerLabels } from '@/components/ui/pager';
import { TotalsBar, type TotalItem } from '@/components/ui/totals-bar';
import { isHttpError } from '@/lib/http-client';
import { useProviderTranslation, type ProviderT } from '../i18n';
import { isOneOf, type ReportFilter } from '../lib/use-report-filter';

/** What the frame reads of a report's query (a TanStack Query result). */
interface ReportQuery<Data> {
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

interface ReportPage<Row> {
  items: readonly Row[];
  meta: { current_page: number; last_page: number };
}

/** A report's status choice: the statuses it filters by and their names in the player's language. */
export interface StatusChoice<Status extends string> {
  values: readonly Status[];
  name: (status: Status) => string;
}

/** Another choice a report filters by (the casino report's game): its label, the "all" option, its values. */
export interface Choice<Value extends string> extends StatusChoice<Value> {
  label: string;
  all: string;
}

/**
 * The stake, payout and win/lose of a report's totals, as every report shows them; `testIdPrefix` gives each
 * its test id (`casino` → `casino-total-stake`, `casino-total-payout`, `casino-total-win-lose`).
 */
export function moneyTotals(
  sum: { stake: number; payout: number; win_lose: number },
  t: ProviderT,
  testIdPrefix?: string,
): TotalItem[] {
  const testId = (name: string) => (testIdPrefix === undefined ? undefined : `${testIdPrefix}-total-${name}`);
  return [
    { label: t('report.totalStake'), value: <Money amount={sum.stake} />, testId: testId('stake') },
    { label: t('report.totalPayout'), value: <Money amount={sum.payout} />, testId: testId('payout') },
    {
      label: t('report.totalWinLose'),
      // On the dark band: the sign carries win or lose, the colour stays readable.
      value: <WinLoseMoney amount={sum.win_lose} className="!text-white" />,
      testId: testId('win-lose'),
    },
  ];
}

function ChoiceFilter<Value extends string>({
  choice,
  value,
  onChange,
}: {
  choice: Choice<Value>;
  value: Value | undefined;
  onChange: (value: Value | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="min-w-16 text-sm font-semibold text-slate-700">
        {choice.label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => {
          const next = event.target.value;
          onChange(isOneOf(choice.values, next) ? next : undefined);
        }}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base"
      >
        <option value="">{choice.all}</option>
        {choice.values.map((option) => (
          <option key={option} value={option}>
            {choice.name(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The page every provider report is (providers.md §8): title, date range, status (where the report has
 * one), the default-range note, loading, failure, the totals of the filter, the rows or an empty state, pages.
 * A report brings its words, its totals, its rows and its two queries (the page and the total).
 */
export function ReportFrame<Status extends string, Row, Total, Game extends string = never>({
  title,
  filter,
  onFilter,
  statuses,
  games,
  dateRangeLabels,
  report,
  total,
  totalsTestId,
  totals,
  rows,
  emptyText,
}: {
  title: string;
  filter: ReportFilter<Status, Game>;
  onFilter: (next: Partial<ReportFilter<Status, Game>>) => void;
  statuses?: StatusChoice<Status>;
  /** Where a report holds rounds of several games (casino: baccarat and slots), the game to show. */
  games?: Choice<Game>;
  /** Only where a report names its date filter otherwise (DateRangeForm's `labels`). */
  dateRangeLabels?: Partial<DateRangeFormLabels>;
  report: ReportQuery<ReportPage<Row>>;
  total: ReportQuery<Total>;
  totalsTestId: string;
  totals: (total: Total) => readonly TotalItem[];
  rows: (items: readonly Row[]) => ReactNode;
  emptyText: string;
}) {
  const { t } = useProviderTranslation();
  const list = report.data;
  const failed = report.isError ? report.error : total.isError ? total.error : null;
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <DateRangeForm
        range={filter}
        onApply={(next) => onFilter({ ...next, page: 1 })}
        labels={dateRangeLabels}
      />
      {(statuses || games) && (
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {statuses && (
            <ChoiceFilter
              choice={{ ...statuses, label: t('report.status'), all: t('report.allStatuses') }}
              value={filter.status}
              onChange={(status) => onFilter({ status, page: 1 })}
            />
          )}
          {games && (
            <ChoiceFilter
              choice={games}
              value={filter.game}
              onChange={(game) => onFilter({ game, page: 1 })}
            />
          )}
        </div>
      )}
      {!filter.from && !filter.to && <p className="text-sm text-slate-600">{t('report.defaultRange')}</p>}
      {report.isPending && <LoadingState label={t('report.loading')} />}
      {failed !== null && (
        <LoadFailed
          // The server's 422 text is English for operators: the player reads why in their language.
          message={isHttpError(failed, 422) ? t('report.rangeTooLong') : t('report.loadFailed')}
          retryLabel={t('report.retry')}
          onRetry={() => {
            void report.refetch();
            void total.refetch();
          }}
        />
      )}
      {total.data !== undefined && <TotalsBar testId={totalsTestId} items={totals(total.data)} />}
      {list && !report.isError && (
        <>
          {list.items.length === 0 ? <EmptyState>{emptyText}</EmptyState> : rows(list.items)}
          <Pager meta={list.meta} onPage={(page) => onFilter({ page })} labels={pagerLabels(t, 'report')} />
        </>
      )}
    </div>
  );
}
