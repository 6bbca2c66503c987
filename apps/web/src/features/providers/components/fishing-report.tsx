import type { FishingReportRow } from '@lotto59/contract';
import { Inbox } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DateRangeForm } from '@/components/ui/date-range-form';
import { Money, WinLoseMoney } from '@/components/ui/money';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { TotalsBar } from '@/components/ui/totals-bar';
import { dateParam } from '@/lib/date-param';
import { useFormatDateTime } from '@/lib/date-time';
import { isHttpError } from '@/lib/http-client';
import { useFishingReport, useFishingReportTotal, type FishingReportFilter } from '../api/fishing';
import { gameName, useProviderTranslation, type ProviderT } from '../i18n';

/** The filter lives in the address (`?from=…&to=…&page=…`): back, reload and links keep it. */
function useFilter(): [FishingReportFilter, (next: Partial<FishingReportFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter: FishingReportFilter = {
    from: dateParam(params, 'from'),
    to: dateParam(params, 'to'),
    page: Math.max(1, Math.trunc(Number(params.get('page') ?? '1')) || 1),
  };
  const update = (next: Partial<FishingReportFilter>) => {
    const merged = { ...filter, ...next };
    const search = new URLSearchParams();
    if (merged.from) search.set('from', merged.from);
    if (merged.to) search.set('to', merged.to);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  return [filter, update];
}

function statusName(status: FishingReportRow['status'], t: ProviderT): string {
  switch (status) {
    case 'ACTIVE':
      return t('fishingReport.statuses.ACTIVE');
    case 'CLOSED':
      return t('fishingReport.statuses.CLOSED');
    case 'UNKNOWN':
      return t('fishingReport.statuses.UNKNOWN');
  }
}

function Rows({ items }: { items: readonly FishingReportRow[] }) {
  const { t } = useProviderTranslation();
  const formatDateTime = useFormatDateTime();
  const columns: Column<FishingReportRow>[] = [
    {
      key: 'game',
      header: t('report.game'),
      rowHeader: true,
      cell: (row) => (
        <>
          <span className="block font-semibold">{gameName(row.game_code, t)}</span>
          <span className="block text-xs text-slate-600">
            {row.provider === 4 ? t('fishing.modeTransfer') : t('fishing.modeSeamless')}
          </span>
          <span className="block text-xs whitespace-nowrap text-slate-600">
            {formatDateTime(row.started_at)}
          </span>
        </>
      ),
    },
    {
      key: 'status',
      header: t('report.status'),
      cell: (row) => (
        <span className="text-sm whitespace-nowrap" data-status={row.status}>
          {statusName(row.status, t)}
        </span>
      ),
    },
    {
      key: 'in',
      header: t('fishingReport.transferIn'),
      align: 'right',
      cell: (row) => <Money amount={row.transfer_in} />,
    },
    {
      key: 'out',
      header: t('fishingReport.transferOut'),
      align: 'right',
      cell: (row) => <Money amount={row.transfer_out} />,
    },
    {
      key: 'shots',
      header: t('fishingReport.shots'),
      align: 'right',
      cell: (row) => row.shots.toLocaleString('en-US'),
    },
    { key: 'stake', header: t('report.stake'), align: 'right', cell: (row) => <Money amount={row.stake} /> },
    {
      key: 'payout',
      header: t('report.payout'),
      align: 'right',
      cell: (row) => <Money amount={row.payout} />,
    },
    {
      key: 'winLose',
      header: t('report.winLose'),
      align: 'right',
      cell: (row) => <WinLoseMoney amount={row.win_lose} className="font-semibold" />,
    },
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(row) => String(row.session_id)}
      caption={t('fishingReport.caption')}
      rowTestId="fishing-row"
    />
  );
}

/** `/report/fishing` (providers.md §8): one row per fishing session, a date range, totals, pages. */
export function FishingReport() {
  const { t } = useProviderTranslation();
  const [filter, setFilter] = useFilter();
  const report = useFishingReport(filter);
  const total = useFishingReportTotal(filter);
  const list = report.data;
  const failed = report.isError ? report.error : total.isError ? total.error : null;
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{t('fishingReport.title')}</h1>
      <DateRangeForm
        range={filter}
        onApply={(next) => setFilter({ ...next, page: 1 })}
        labels={{
          form: t('report.filter'),
          from: t('report.from'),
          to: t('report.to'),
          search: t('report.search'),
          clear: t('report.clear'),
          rangeInvalid: t('report.rangeInvalid'),
        }}
      />
      {!filter.from && !filter.to && <p className="text-sm text-slate-600">{t('report.defaultRange')}</p>}
      {report.isPending && (
        <div role="status" className="flex justify-center p-8 text-emerald-700">
          <Spinner className="size-8" />
          <span className="sr-only">{t('report.loading')}</span>
        </div>
      )}
      {failed !== null && (
        <div className="space-y-3">
          <AlertMessage>
            {isHttpError(failed, 422) ? t('report.rangeTooLong') : t('report.loadFailed')}
          </AlertMessage>
          <Button
            variant="secondary"
            onClick={() => {
              void report.refetch();
              void total.refetch();
            }}
          >
            {t('report.retry')}
          </Button>
        </div>
      )}
      {total.data && (
        <TotalsBar
          testId="fishing-totals"
          items={[
            { label: t('fishingReport.count'), value: total.data.count },
            { label: t('fishingReport.shots'), value: total.data.shots.toLocaleString('en-US') },
            { label: t('report.totalStake'), value: <Money amount={total.data.stake} /> },
            { label: t('report.totalPayout'), value: <Money amount={total.data.payout} /> },
            {
              label: t('report.totalWinLose'),
              value: <WinLoseMoney amount={total.data.win_lose} className="!text-white" />,
            },
          ]}
        />
      )}
      {list && !report.isError && (
        <>
          {list.items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
              <Inbox aria-hidden="true" className="size-10 text-slate-400" />
              <p>{t('fishingReport.empty')}</p>
            </div>
          ) : (
            <Rows items={list.items} />
          )}
          <Pager
            meta={list.meta}
            onPage={(page) => setFilter({ page })}
            labels={{
              nav: t('report.pages'),
              previous: t('report.previous'),
              next: t('report.next'),
              pageOf: (page, last) => t('report.pageOf', { page, last }),
            }}
          />
        </>
      )}
    </div>
  );
}
