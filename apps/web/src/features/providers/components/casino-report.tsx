import { CASINO_ROUND_STATUSES, type CasinoReportRow, type CasinoRoundStatus } from '@lotto59/contract';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Money, WinLoseMoney } from '@/components/ui/money';
import { useFormatDateTime } from '@/lib/date-time';
import { useCasinoReport, useCasinoReportTotal } from '../api/get-casino-report';
import { gameName, useProviderTranslation, type ProviderT } from '../i18n';
import { useReportFilter } from '../lib/use-report-filter';
import { moneyTotals, ReportFrame, type Choice } from './report-frame';
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

/** The casino games a round can be of (the studio's table and slot, providers.md §7), the report's game filter. */
export const CASINO_GAMES = ['baccarat', 'angkor-fortune'] as const;

/** Round ids above this length (a UUID is 36) are shown by their start; the whole id is in the title and detail. */
const ROUND_ID_SHOWN_MAX = 12;
const ROUND_ID_SHORT = 8;
export const shortRoundId = (id: string): string =>
  id.length > ROUND_ID_SHOWN_MAX ? `${id.slice(0, ROUND_ID_SHORT)}…` : id;

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
          <span className="font-semibold max-sm:mr-2 sm:block">{gameName(row.game_code, t)}</span>
          <span className="text-xs whitespace-nowrap text-slate-600 max-sm:mr-2 sm:block">
            {formatDateTime(row.created_at)}
          </span>
          {/* An identifier, not a word: a `code` element (the Khmer-text rule skips code, as it does the
              fairness hashes), its start shown and the whole id in the title. */}
          <code
            className="font-mono text-xs text-slate-500 sm:block"
            title={row.round_id}
            data-testid="round-id"
          >
            #{shortRoundId(row.round_id)}
          </code>
        </>
      ),
    },
    {
      key: 'status',
      header: t('report.status'),
      phone: 'bare',
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
      // On a phone the signed win/lose beside the stake says it; the detail lists every payout.
      phone: 'hidden',
      cell: (row) => (row.status === 'OPEN' ? '—' : <Money amount={row.payout} />),
    },
    {
      key: 'winLose',
      header: t('report.winLose'),
      align: 'right',
      phone: 'bare',
      cell: (row) => <WinLoseMoney amount={row.win_lose} className="font-semibold" testId="round-win-lose" />,
    },
    {
      key: 'detail',
      header: t('report.detail'),
      align: 'right',
      phone: 'bare',
      cell: (row) => {
        const shown = open.has(keyOf(row));
        const name = shown ? t('report.hideDetail') : t('report.showDetail');
        // A phone's line has room for an arrow only; the name stays for screen readers (and on wider screens).
        return (
          <Button
            variant="secondary"
            className="text-sm max-sm:px-3"
            aria-expanded={shown}
            onClick={() => toggle(row)}
          >
            <ChevronDown
              aria-hidden="true"
              className={`size-5 sm:hidden ${shown ? 'rotate-180' : ''} motion-safe:transition-transform`}
            />
            <span className="max-sm:sr-only">{name}</span>
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
      compact
      detail={(row) =>
        open.has(keyOf(row)) ? (
          <div className="space-y-2">
            <p className="text-xs text-slate-600">
              {t('report.fullRoundId')}{' '}
              <span className="font-mono break-all" data-testid="round-id-full">
                {row.round_id}
              </span>
            </p>
            <RoundDetail row={row} />
          </div>
        ) : null
      }
    />
  );
}

/** `/report/casino` (providers.md §8): baccarat and slot rounds, a date range and status, totals, pages. */
export function CasinoReport() {
  const { t } = useProviderTranslation();
  const [filter, setFilter] = useReportFilter(CASINO_ROUND_STATUSES, CASINO_GAMES);
  const games: Choice<(typeof CASINO_GAMES)[number]> = {
    label: t('report.game'),
    all: t('report.allGames'),
    values: CASINO_GAMES,
    name: (code) => gameName(code, t),
  };
  const report = useCasinoReport(filter);
  const total = useCasinoReportTotal(filter);
  return (
    <ReportFrame
      title={t('report.title')}
      filter={filter}
      onFilter={setFilter}
      statuses={{ values: CASINO_ROUND_STATUSES, name: (status) => statusName(status, t) }}
      games={games}
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
