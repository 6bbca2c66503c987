import type { BetRecord, RoundRecord } from '@lotto59/contract';
import { formatRiel, formatTicketId } from '@lotto59/domain';
import { useFormatDateTime } from '@/lib/date-time';
import { ArrowLeft, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isHttpError } from '@/lib/http-client';
import { usePrintTicket } from '../../api/get-print-ticket';
import { useTicket } from '../../api/search-ticket';
import { useLottoTranslation } from '../../i18n';
import { betSelection, betTypeName } from '../bet-names';
import { DrawBalls } from '../draw-balls';
import { ResultFacts } from '../draw-panel';
import { PrintableTicket } from './printable-ticket';
import { formatSignedRiel } from '@/components/ui/money';
import { balanceEffectOf, StatusPill } from './ticket-parts';
import { VerifyPanel } from './verify-panel';

/** The numbers of the ticket to ring among the drawn ones. */
const pickedNumbers = (bet: BetRecord): number[] =>
  bet.type === 'JACKPOT'
    ? (bet.numbers ?? [])
    : bet.type === 'NUMBER' && bet.number !== null
      ? [bet.number]
      : [];

/** Game recall: the round, the selection, the stake, the numbers, the payout and what it did to the balance. */
function Recall({ bet, round }: { bet: BetRecord; round: RoundRecord }) {
  const { t } = useLottoTranslation();
  const formatDateTime = useFormatDateTime();
  const effect = balanceEffectOf(bet);
  const rows: [string, ReactNode, string?][] = [
    [t('ticket.round'), `#${round.id} · ${round.poll === 'POLL_1' ? t('pool.classic') : t('pool.fast')}`],
    [t('ticket.group'), formatTicketId(bet.group_id)],
    [t('ticket.placedAt'), formatDateTime(bet.created_at)],
    [t('ticket.type'), betTypeName(bet.type, t)],
    [t('ticket.selection'), betSelection(bet, t), 'recall-selection'],
    [t('ticket.stake'), formatRiel(bet.amount), 'recall-stake'],
    [
      t('ticket.payout'),
      bet.status === 'PENDING' ? t('ticket.waiting') : formatRiel(bet.payout),
      'recall-payout',
    ],
    [t('ticket.balanceEffect'), formatSignedRiel(effect), 'recall-effect'],
  ];
  if (bet.type === 'JACKPOT' && bet.jackpot_result !== null) {
    rows.push([t('ticket.matches'), t('ticket.matchCount', { count: bet.jackpot_result })]);
  }
  if (bet.settled_at) rows.push([t('ticket.settledAt'), formatDateTime(bet.settled_at)]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-semibold" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** `/ticket/lotto59/{id}`: one of the player's tickets, its draw, the proof, and the printable submission. */
export function TicketDetail({
  id,
  listHref,
  print = () => window.print(),
}: {
  id: number;
  listHref: string;
  print?: () => void;
}) {
  const { t } = useLottoTranslation();
  const ticket = useTicket(id);
  const group = usePrintTicket(ticket.data?.bet.group_id);
  const back = (
    <Link
      to={listHref}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-semibold text-emerald-800 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-700 print:hidden"
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
      {t('ticket.backToList')}
    </Link>
  );

  if (ticket.isPending) {
    return (
      <div role="status" className="flex justify-center p-10 text-emerald-700">
        <Spinner className="size-8" />
        <span className="sr-only">{t('game.loading')}</span>
      </div>
    );
  }
  if (!ticket.data) {
    const missing = isHttpError(ticket.error, 404) || isHttpError(ticket.error, 422);
    return (
      <div className="mx-auto max-w-2xl space-y-4 p-4 sm:p-6">
        {back}
        <h1 className="text-2xl font-semibold">{t('ticket.title', { id: formatTicketId(id) })}</h1>
        <AlertMessage>{missing ? t('ticket.notFound') : t('tickets.loadFailed')}</AlertMessage>
      </div>
    );
  }

  const { bet, round } = ticket.data;
  return (
    <div className="mx-auto max-w-2xl space-y-4 p-4 sm:p-6 print:max-w-none print:p-0">
      {back}
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <h1 className="text-2xl font-semibold">{t('ticket.title', { id: formatTicketId(bet.id) })}</h1>
        <StatusPill status={bet.status} />
      </div>
      <section
        aria-label={t('ticket.recall')}
        className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 print:hidden"
      >
        <Recall bet={bet} round={round} />
        <div className="space-y-3 border-t border-slate-100 pt-3">
          <h2 className="font-semibold">{t('ticket.drawn')}</h2>
          {round.numbers.length === 0 ? (
            <p className="text-sm text-slate-600">{t('ticket.notDrawnYet')}</p>
          ) : (
            <DrawBalls numbers={round.numbers} highlight={pickedNumbers(bet)} size="sm" />
          )}
          <ResultFacts round={round} />
        </div>
      </section>
      <VerifyPanel
        roundId={round.id}
        serverSeed={round.server_seed}
        serverSeedHash={round.server_seed_hash}
        numbers={round.numbers}
      />
      {group.data && (
        <>
          <div className="flex justify-end print:hidden">
            <Button variant="secondary" onClick={print}>
              <Printer aria-hidden="true" className="size-5" />
              {t('print.button')}
            </Button>
          </div>
          <PrintableTicket ticket={group.data} />
        </>
      )}
    </div>
  );
}
