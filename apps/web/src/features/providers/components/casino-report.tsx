import { CASINO_ROUND_STATUSES, type CasinoReportRow, type CasinoRoundStatus } from '@lotto59/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Money, WinLoseMoney } from '@/components/ui/money';
import { useFormatDateTime } from '@/lib/date-time';
import { useCasinoReport, useCasinoReportTotal } from '../api/get-casino-report';
import { gameName, useProviderTranslation, type ProviderT } from '../i18n';
import { useReportFilter } from '../lib/use-report-filter';
import { moneyTotals, ReportFrame } from './report-frame';
import { RoundDetail } from './round-detail';

const STATUS_STYLE: Record<CasinoRoundStatus, string> = {
  OPEN: 'bg-amber-100 text-amber-900',
  CLOSED: 'bg-slate-200 text-slate-800',
  ROLLED_BACK: 'bg-sky-100 text-sky-900',
};

function statusName(status: CasinoRoundStatus, t: ProviderT): string {
  switch (status) {
    case 'OPEN':
      return t('report.statuses.OPEN');
    case 'CLOSED':
      return t('report.statuses.CLOSED');
    case 'ROLLED_BACK':
      return t('report.statuses.ROLLED_BACK');
  }
}

function Rows({ items }: { items: readonly CasinoReportRow[] }) {
  const { t } = useProviderTranslation();
  const formatDateTime = useFormatDateTime();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const keyOf = (row: CasinoReportRow) => `${row.provider}:${row.round_id}`;
  const toggle = (row: CasinoReportRow) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(keyOf(row))) next.add(keyOf(row));
      return next;
    });
  const columns: Column<CasinoReportRow>[] = [
    {
      key: 'game',
      header: t('report.game'),
      rowHeader: true,
      cell: (row) => (
        <>
          <span className="block font-semibold">{gameName(row.game_code, t)}</span>
          <span className="block text-xs whitespace-nowrap text-slate-600">
            {formatDateTime(row.created_at)}
          </span>
          <span className="block font-mono text-xs text-slate-500">#{row.round_id}</span>
        </>
      ),
    },
    {
      key: 'status',
      header: t('report.status'),
      cell: (row) => (
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLE[row.status]}`}
          data-status={row.status}
        >
          {statusName(row.status, t)}
        </span>
      ),
    },
    { key: 'stake', header: t('report.stake'), align: 'right', cell: (row) => <Money amount={row.stake} /> },
    {
      key: 'payout',
      header: t('report.payout'),
      align: 'right',
      cell: (row) => (row.status === 'OPEN' ? '—' : <Money amount={row.payout} />),
    },
    {
      key: 'winLose',
      header: t('report.winLose'),
      align: 'right',
      cell: (row) => <WinLoseMoney amount={row.win_lose} className="font-semibold" testId="round-win-lose" />,
    },
    {
      key: 'detail',
      header: t('report.detail'),
      align: 'right',
      cell: (row) => {
        const shown = open.has(keyOf(row));
        return (
          <Button variant="secondary" className="text-sm" aria-expanded={shown} onClick={() => toggle(row)}>
            {shown ? t('report.hideDetail') : t('report.showDetail')}
          </Button>
        );
      },
    },
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={keyOf}
      caption={t('report.caption')}
      rowTestId="casino-row"
      detail={(row) => (open.has(keyOf(row)) ? <RoundDetail row={row} /> : null)}
    />
  );
}

/** `/report/casino` (providers.md §8): baccarat and slot rounds, a date range and status, totals, pages. */
export function CasinoReport() {
  const { t } = useProviderTranslation();
  const [filter, setFilter] = useReportFilter(CASINO_ROUND_STATUSES);
  const report = useCasinoReport(filter);
  const total = useCasinoReportTotal(filter);
  return (
    <ReportFrame
      title={t('report.title')}
      filter={filter}
      onFilter={setFilter}
      statuses={{ values: CASINO_ROUND_STATUSES, name: (status) => statusName(status, t) }}
      report={report}
      total={total}
      totalsTestId="casino-totals"
      totals={(sum) => [
        { label: t('report.count'), value: sum.count, testId: 'casino-total-count' },
        ...moneyTotals(sum, t, 'casino'),
      ]}
      rows={(items) => <Rows items={items} />}
      emptyText={t('report.empty')}
    />
  );
}
