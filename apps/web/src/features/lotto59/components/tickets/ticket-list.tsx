import type { BetRecord } from '@lotto59/contract';
import { formatRiel, formatTicketId, TICKET_FILTERS, type TicketFilter } from '@lotto59/domain';
import { useFormatDateTime } from '@/lib/date-time';
import { Link, useSearchParams } from 'react-router';
import { useTickets, type TicketQuery } from '../../api/get-tickets';
import { useLottoTranslation } from '../../i18n';
import { betSelection, betTypeName } from '../bet-names';
import { TicketFilters } from './ticket-filters';
import { TicketLookup } from './ticket-lookup';
import { StatusPill } from './ticket-parts';
import { dateParam } from '@/lib/date-param';
import { Money } from '@/components/ui/money';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadFailed } from '@/components/ui/load-failed';
import { LoadingState } from '@/components/ui/loading-state';
import { Pager, pagerLabels } from '@/components/ui/pager';
import { TotalsBar } from '@/components/ui/totals-bar';

/** The filter lives in the address (`?type=…&from=…&to=…&round=…&page=…`): back, reload and links keep it. */
function useTicketQuery(): [TicketQuery, (next: Partial<TicketQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const type = params.get('type') ?? 'ALL';
  const round = Number(params.get('round') ?? '');
  const query: TicketQuery = {
    type: (TICKET_FILTERS as readonly string[]).includes(type) ? (type as TicketFilter) : 'ALL',
    from: dateParam(params, 'from'),
    to: dateParam(params, 'to'),
    resultId: Number.isSafeInteger(round) && round > 0 ? round : undefined,
    page: Math.max(1, Math.trunc(Number(params.get('page') ?? '1')) || 1),
  };
  const update = (next: Partial<TicketQuery>) => {
    const merged = { ...query, ...next };
    const search = new URLSearchParams();
    if (merged.type !== 'ALL') search.set('type', merged.type);
    if (merged.from) search.set('from', merged.from);
    if (merged.to) search.set('to', merged.to);
    if (merged.resultId !== undefined) search.set('round', String(merged.resultId));
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  return [query, update];
}

function TicketCard({ bet, href }: { bet: BetRecord; href: string }) {
  const { t } = useLottoTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <li
      className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
      data-testid="ticket-row"
      data-bet-type={bet.type}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={href}
          className="inline-flex min-h-11 items-center font-mono text-lg font-semibold text-emerald-800 underline decoration-emerald-300 underline-offset-4 hover:text-emerald-950 focus-visible:outline-2 focus-visible:outline-emerald-700"
          aria-label={t('tickets.open', { id: formatTicketId(bet.id) })}
        >
          #{formatTicketId(bet.id)}
        </Link>
        <StatusPill status={bet.status} />
      </div>
      <p className="mt-1 font-semibold">
        {betTypeName(bet.type, t)}
        {bet.type === 'NUMBER' || bet.type === 'JACKPOT' ? (
          <span className="ml-2 font-normal text-slate-700">{betSelection(bet, t)}</span>
        ) : null}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">{t('ticket.round')}</dt>
          <dd>#{bet.result_id}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('ticket.placedAt')}</dt>
          <dd className="whitespace-nowrap">{formatDateTime(bet.created_at)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('ticket.stake')}</dt>
          <dd>
            <Money amount={bet.amount} className="font-semibold" />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('ticket.payout')}</dt>
          <dd className="font-semibold whitespace-nowrap" data-testid="ticket-payout">
            {bet.status === 'PENDING' ? '—' : formatRiel(bet.payout)}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** `/ticket/lotto59`: seed §3 filters, a date range, pages and totals; and the ticket lookup (menu item 2). */
export function TicketList({
  ticketHref,
  onLookup,
}: {
  ticketHref: (id: number) => string;
  onLookup: (id: number) => void;
}) {
  const { t } = useLottoTranslation();
  const [query, setQuery] = useTicketQuery();
  const tickets = useTickets(query);
  const list = tickets.data;
  return (
    <div className="mx-auto max-w-4xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{t('tickets.title')}</h1>
      <TicketLookup onFound={onLookup} />
      <TicketFilters query={query} onApply={(next) => setQuery({ ...next, page: 1 })} />
      {tickets.isPending && <LoadingState label={t('game.loading')} />}
      {tickets.isError && !list && (
        <LoadFailed
          message={t('tickets.loadFailed')}
          retryLabel={t('game.retry')}
          onRetry={() => void tickets.refetch()}
        />
      )}
      {list && (
        <>
          <TotalsBar
            testId="tickets-totals"
            items={[
              { label: t('tickets.count'), value: list.meta.total, testId: 'tickets-count' },
              {
                label: t('tickets.totalStake'),
                value: formatRiel(list.total_amount),
                testId: 'tickets-total-stake',
              },
              {
                label: t('tickets.totalPayout'),
                value: formatRiel(list.total_payout),
                testId: 'tickets-total-payout',
              },
            ]}
          />
          {list.items.length === 0 ? (
            <EmptyState>{t('tickets.empty')}</EmptyState>
          ) : (
            <ul className="space-y-2" aria-label={t('tickets.listLabel')}>
              {list.items.map((bet) => (
                <TicketCard key={bet.id} bet={bet} href={ticketHref(bet.id)} />
              ))}
            </ul>
          )}
          <Pager meta={list.meta} onPage={(page) => setQuery({ page })} labels={pagerLabels(t, 'tickets')} />
        </>
      )}
    </div>
  );
}
