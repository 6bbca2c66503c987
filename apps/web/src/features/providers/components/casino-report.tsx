import { CASINO_ROUND_STATUSES, type CasinoReportRow, type CasinoRoundStatus } from '@lotto59/contract';
import { Inbox } from 'lucide-react';
import { useId, useState } from 'react';
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
import { useCasinoReport, useCasinoReportTotal, type CasinoReportFilter } from '../api/get-casino-report';
import { gameName, useProviderTranslation, type ProviderT } from '../i18n';
import { RoundDetail } from './round-detail';

/** The filter lives in the address (`?from=…&to=…&status=…&page=…`): back, reload and links keep it. */
function useFilter(): [CasinoReportFilter, (next: Partial<CasinoReportFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const filter: CasinoReportFilter = {
    from: dateParam(params, 'from'),
    to: dateParam(params, 'to'),
    status: (CASINO_ROUND_STATUSES as readonly string[]).includes(status)
      ? (status as CasinoRoundStatus)
      : undefined,
    page: Math.max(1, Math.trunc(Number(params.get('page') ?? '1')) || 1),
  };
  const update = (next: Partial<CasinoReportFilter>) => {
    const merged = { ...filter, ...next };
    const search = new URLSearchParams();
    if (merged.from) search.set('from', merged.from);
    if (merged.to) search.set('to', merged.to);
    if (merged.status) search.set('status', merged.status);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  return [filter, update];
}

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

function StatusFilter({
  value,
  onChange,
}: {
  value: CasinoRoundStatus | undefined;
  onChange: (status: CasinoRoundStatus | undefined) => void;
}) {
  const { t } = useProviderTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700">
        {t('report.status')}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => {
          const next = event.target.value;
          onChange(
            (CASINO_ROUND_STATUSES as readonly string[]).includes(next)
              ? (next as CasinoRoundStatus)
              : undefined,
          );
        }}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base"
      >
        <option value="">{t('report.allStatuses')}</option>
        {CASINO_ROUND_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusName(status, t)}
          </option>
        ))}
      </select>
    </div>
  );
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
  const [filter, setFilter] = useFilter();
  const report = useCasinoReport(filter);
  const total = useCasinoReportTotal(filter);
  const list = report.data;
  const failed = report.isError ? report.error : total.isError ? total.error : null;
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{t('report.title')}</h1>
      <DateRangeForm range={filter} onApply={(next) => setFilter({ ...next, page: 1 })} />
      <StatusFilter value={filter.status} onChange={(status) => setFilter({ status, page: 1 })} />
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
            {/* The server's 422 text is English for operators: the player reads why in their language. */}
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
          testId="casino-totals"
          items={[
            { label: t('report.count'), value: total.data.count, testId: 'casino-total-count' },
            {
              label: t('report.totalStake'),
              value: <Money amount={total.data.stake} />,
              testId: 'casino-total-stake',
            },
            {
              label: t('report.totalPayout'),
              value: <Money amount={total.data.payout} />,
              testId: 'casino-total-payout',
            },
            {
              label: t('report.totalWinLose'),
              // On the dark band: the sign carries win or lose, the colour stays readable.
              value: <WinLoseMoney amount={total.data.win_lose} className="!text-white" />,
              testId: 'casino-total-win-lose',
            },
          ]}
        />
      )}
      {list && !report.isError && (
        <>
          {list.items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
              <Inbox aria-hidden="true" className="size-10 text-slate-400" />
              <p>{t('report.empty')}</p>
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
