import {
  SPORT_SLIP_STATUSES,
  type SportLeg,
  type SportLegResult,
  type SportReportRow,
  type SportSlipStatus,
} from '@lotto59/contract';
import { Inbox } from 'lucide-react';
import { useId } from 'react';
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
import { useSportReport, useSportReportTotal, type SportReportFilter } from '../api/get-sport-report';
import { useProviderTranslation, type ProviderT } from '../i18n';

/** The filter lives in the address (`?from=…&to=…&status=…&page=…`): back, reload and links keep it. */
function useFilter(): [SportReportFilter, (next: Partial<SportReportFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const filter: SportReportFilter = {
    from: dateParam(params, 'from'),
    to: dateParam(params, 'to'),
    status: (SPORT_SLIP_STATUSES as readonly string[]).includes(status)
      ? (status as SportSlipStatus)
      : undefined,
    page: Math.max(1, Math.trunc(Number(params.get('page') ?? '1')) || 1),
  };
  const update = (next: Partial<SportReportFilter>) => {
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

const STATUS_STYLE: Record<SportSlipStatus, string> = {
  PENDING: 'bg-amber-100 text-amber-900',
  WON: 'bg-emerald-100 text-emerald-900',
  HALF_WON: 'bg-emerald-50 text-emerald-900',
  LOST: 'bg-red-100 text-red-900',
  HALF_LOST: 'bg-red-50 text-red-900',
  PUSH: 'bg-slate-200 text-slate-800',
  VOID: 'bg-sky-100 text-sky-900',
};

const RESULT_STYLE: Record<SportLegResult, string> = {
  WIN: 'text-emerald-800',
  HALF_WIN: 'text-emerald-800',
  PUSH: 'text-slate-700',
  VOID: 'text-sky-800',
  HALF_LOSS: 'text-red-700',
  LOSS: 'text-red-700',
};

/** The demo league's clubs (providers.md §7.4): the sportsbook names them in English, the player reads Khmer. */
const TEAMS = [
  'Mekong Tigers',
  'Tonle Sap Sharks',
  'Angkor Lions',
  'Bokor Eagles',
  'Kampot Pepper',
  'Kep Crabs',
  'Ratanak Stars',
  'Koh Kong Dolphins',
] as const;
type Team = (typeof TEAMS)[number];
const isTeam = (name: string): name is Team => (TEAMS as readonly string[]).includes(name);

/** "Mekong Tigers v Koh Kong Dolphins" in the player's language; a name this app does not know stays as sent. */
function fixtureName(fixture: string, t: ProviderT): string {
  const [home, away, ...rest] = fixture.split(' v ');
  if (home === undefined || away === undefined || rest.length > 0 || !isTeam(home) || !isTeam(away)) {
    return fixture;
  }
  return t('sport.versus', { home: t(`sport.teams.${home}`), away: t(`sport.teams.${away}`) });
}

const MARKETS = ['1X2', 'AH', 'OU'] as const;
const SELECTIONS = ['HOME', 'DRAW', 'AWAY', 'OVER', 'UNDER'] as const;
const known = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

function marketName(market: string, t: ProviderT): string {
  return known(MARKETS, market) ? t(`sport.markets.${market}`) : market;
}

function selectionName(leg: SportLeg, t: ProviderT): string {
  const selection = known(SELECTIONS, leg.selection) ? t(`sport.selections.${leg.selection}`) : leg.selection;
  if (leg.line === null) return selection;
  // A handicap shows its sign (+0.5); a total is a plain number.
  const line =
    leg.market === 'AH' && !leg.line.startsWith('-') && leg.line !== '0' ? `+${leg.line}` : leg.line;
  return t('sport.line', { selection, line });
}

function StatusBadge({ status }: { status: SportSlipStatus }) {
  const { t } = useProviderTranslation();
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLE[status]}`}
      data-status={status}
    >
      {t(`sport.statuses.${status}`)}
    </span>
  );
}

function StatusFilter({
  value,
  onChange,
}: {
  value: SportSlipStatus | undefined;
  onChange: (status: SportSlipStatus | undefined) => void;
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
          onChange(known(SPORT_SLIP_STATUSES, next) ? next : undefined);
        }}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base"
      >
        <option value="">{t('report.allStatuses')}</option>
        {SPORT_SLIP_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`sport.statuses.${status}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A slip's legs, always shown under it: what was picked, at what odds, and how each leg ended. */
function Legs({ row }: { row: SportReportRow }) {
  const { t } = useProviderTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <ol className="space-y-2" aria-label={t('sport.legs', { no: row.slip_no })} data-testid="sport-legs">
      {row.legs.map((leg, i) => (
        <li
          // Legs have no id of their own; their order is the slip's and never changes.
          key={`${i}-${leg.fixture}`}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 text-sm"
          data-testid="sport-leg"
        >
          <div className="min-w-0">
            <span className="block font-semibold" data-testid="sport-leg-fixture">
              {fixtureName(leg.fixture, t)}
            </span>
            <span className="block text-slate-700" data-testid="sport-leg-pick">
              {marketName(leg.market, t)} · {selectionName(leg, t)} @ {leg.odds}
            </span>
            {leg.kickoff_at !== null && (
              <span className="block text-xs text-slate-600">
                {t('sport.kickoff', { time: formatDateTime(leg.kickoff_at) })}
              </span>
            )}
          </div>
          <div className="text-right" data-testid="sport-leg-result">
            {leg.score !== null && (
              <span className="block tabular-nums">{t('sport.score', { score: leg.score })}</span>
            )}
            <span
              className={`block font-semibold ${leg.result ? RESULT_STYLE[leg.result] : 'text-slate-600'}`}
            >
              {leg.result ? t(`sport.results.${leg.result}`) : t('sport.unsettled')}
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}

function Rows({ items }: { items: readonly SportReportRow[] }) {
  const { t } = useProviderTranslation();
  const formatDateTime = useFormatDateTime();
  const columns: Column<SportReportRow>[] = [
    {
      key: 'slip',
      header: t('sport.slip'),
      rowHeader: true,
      cell: (row) => (
        <>
          <span className="block font-semibold">
            {t('sport.slipNo', { no: row.slip_no })} · {t(`sport.types.${row.type}`)}
          </span>
          <span className="block text-xs whitespace-nowrap text-slate-600">
            {formatDateTime(row.created_at)}
          </span>
        </>
      ),
    },
    {
      key: 'odds',
      header: t('sport.odds'),
      align: 'right',
      cell: (row) => <span className="tabular-nums">{row.odds}</span>,
    },
    { key: 'status', header: t('report.status'), cell: (row) => <StatusBadge status={row.status} /> },
    { key: 'stake', header: t('report.stake'), align: 'right', cell: (row) => <Money amount={row.stake} /> },
    {
      key: 'payout',
      header: t('report.payout'),
      align: 'right',
      cell: (row) => (row.status === 'PENDING' ? '—' : <Money amount={row.payout} />),
    },
    {
      key: 'winLose',
      header: t('report.winLose'),
      align: 'right',
      // A pending slip has not lost its stake yet: no win/lose until it is settled.
      cell: (row) =>
        row.status === 'PENDING' ? (
          '—'
        ) : (
          <WinLoseMoney amount={row.win_lose} className="font-semibold" testId="slip-win-lose" />
        ),
    },
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(row) => row.id}
      caption={t('sport.caption')}
      rowTestId="sport-row"
      detail={(row) => (row.legs.length > 0 ? <Legs row={row} /> : null)}
    />
  );
}

/** `/report/sport` (providers.md §8): slips and their legs, a date range and status, totals, pages. */
export function SportReport() {
  const { t } = useProviderTranslation();
  const [filter, setFilter] = useFilter();
  const report = useSportReport(filter);
  const total = useSportReportTotal(filter);
  const list = report.data;
  const failed = report.isError ? report.error : total.isError ? total.error : null;
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{t('sport.title')}</h1>
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
          testId="sport-totals"
          items={[
            { label: t('sport.count'), value: total.data.count, testId: 'sport-total-count' },
            {
              label: t('report.totalStake'),
              value: <Money amount={total.data.stake} />,
              testId: 'sport-total-stake',
            },
            {
              label: t('report.totalPayout'),
              value: <Money amount={total.data.payout} />,
              testId: 'sport-total-payout',
            },
            {
              label: t('report.totalWinLose'),
              // On the dark band: the sign carries win or lose, the colour stays readable.
              value: <WinLoseMoney amount={total.data.win_lose} className="!text-white" />,
              testId: 'sport-total-win-lose',
            },
            {
              label: t('sport.pendingCount'),
              value: total.data.pending_count,
              testId: 'sport-total-pending-count',
            },
            {
              label: t('sport.pendingStake'),
              value: <Money amount={total.data.pending_stake} />,
              testId: 'sport-total-pending-stake',
            },
          ]}
        />
      )}
      {list && !report.isError && (
        <>
          {list.items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
              <Inbox aria-hidden="true" className="size-10 text-slate-400" />
              <p>{t('sport.empty')}</p>
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
