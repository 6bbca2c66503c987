import type { FishingReportRow } from '@lotto59/contract';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Money, WinLoseMoney } from '@/components/ui/money';
import { useFormatDateTime } from '@/lib/date-time';
import { useFishingReport, useFishingReportTotal } from '../api/fishing';
import { gameName, useProviderTranslation, type ProviderT } from '../i18n';
import { useReportFilter } from '../lib/use-report-filter';
import { moneyTotals, ReportFrame } from './report-frame';

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
  // No status filter: a session's status is shown, not chosen.
  const [filter, setFilter] = useReportFilter([]);
  const report = useFishingReport(filter);
  const total = useFishingReportTotal(filter);
  return (
    <ReportFrame
      title={t('fishingReport.title')}
      filter={filter}
      onFilter={setFilter}
      dateRangeLabels={{
        form: t('report.filter'),
        from: t('report.from'),
        to: t('report.to'),
        search: t('report.search'),
        clear: t('report.clear'),
        rangeInvalid: t('report.rangeInvalid'),
      }}
      report={report}
      total={total}
      totalsTestId="fishing-totals"
      totals={(sum) => [
        { label: t('fishingReport.count'), value: sum.count },
        { label: t('fishingReport.shots'), value: sum.shots.toLocaleString('en-US') },
        ...moneyTotals(sum, t),
      ]}
      rows={(items) => <Rows items={items} />}
      emptyText={t('fishingReport.empty')}
    />
  );
}
