import {
  SPORT_SLIP_STATUSES,
  type SportLeg,
  type SportLegResult,
  type SportReportRow,
  type SportSlipStatus,
} from '@lotto59/contract';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Money, WinLoseMoney } from '@/components/ui/money';
import { useFormatDateTime } from '@/lib/date-time';
import { useSportReport, useSportReportTotal } from '../api/get-sport-report';
import { useProviderTranslation, type ProviderT } from '../i18n';
import { isOneOf, useReportFilter } from '../lib/use-report-filter';
import { moneyTotals, ReportFrame } from './report-frame';

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

function marketName(market: string, t: ProviderT): string {
  return isOneOf(MARKETS, market) ? t(`sport.markets.${market}`) : market;
}

function selectionName(leg: SportLeg, t: ProviderT): string {
  const selection = isOneOf(SELECTIONS, leg.selection)
    ? t(`sport.selections.${leg.selection}`)
    : leg.selection;
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
  const [filter, setFilter] = useReportFilter(SPORT_SLIP_STATUSES);
  const report = useSportReport(filter);
  const total = useSportReportTotal(filter);
  return (
    <ReportFrame
      title={t('sport.title')}
      filter={filter}
      onFilter={setFilter}
      statuses={{ values: SPORT_SLIP_STATUSES, name: (status) => t(`sport.statuses.${status}`) }}
      report={report}
      total={total}
      totalsTestId="sport-totals"
      totals={(sum) => [
        { label: t('sport.count'), value: sum.count, testId: 'sport-total-count' },
        ...moneyTotals(sum, t, 'sport'),
        { label: t('sport.pendingCount'), value: sum.pending_count, testId: 'sport-total-pending-count' },
        {
          label: t('sport.pendingStake'),
          value: <Money amount={sum.pending_stake} />,
          testId: 'sport-total-pending-stake',
        },
      ]}
      rows={(items) => <Rows items={items} />}
      emptyText={t('sport.empty')}
    />
  );
}
