import type { PrintTicket } from '@lotto59/contract';
import { formatRiel, formatTicketId } from '@lotto59/domain';
import { useFormatDateTime } from '@/lib/date-time';
import { useLottoTranslation } from '../../i18n';
import { betSelection, betTypeName } from '../bet-names';
import { StatusPill } from './ticket-parts';

/** The whole submission a ticket belongs to (`/api/print`), laid out for paper as well as for the screen. */
export function PrintableTicket({ ticket }: { ticket: PrintTicket }) {
  const { t } = useLottoTranslation();
  const formatDateTime = useFormatDateTime();
  const poolName = ticket.poll === 'POLL_1' ? t('pool.classic') : t('pool.fast');
  return (
    <section
      aria-labelledby="print-title"
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 print:rounded-none print:p-0 print:shadow-none print:ring-0"
      data-testid="printable-ticket"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-dashed border-slate-300 pb-2">
        <h2 id="print-title" className="text-lg font-semibold">
          {t('print.title', { group: formatTicketId(ticket.group_id) })}
        </h2>
        <p className="text-sm text-slate-600">{t('print.app')}</p>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('print.player')}</dt>
        <dd className="font-semibold">{ticket.player.toUpperCase()}</dd>
        <dt className="text-slate-600">{t('ticket.round')}</dt>
        <dd>
          #{ticket.result_id} · {poolName}
        </dd>
        <dt className="text-slate-600">{t('ticket.placedAt')}</dt>
        <dd>{formatDateTime(ticket.created_at)}</dd>
        <dt className="text-slate-600">{t('verify.publishedHash')}</dt>
        <dd className="font-mono text-xs break-all">{ticket.round.server_seed_hash}</dd>
      </dl>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('print.caption')}</caption>
        <thead className="border-b border-slate-300 text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-2 font-semibold">
              {t('print.ticket')}
            </th>
            <th scope="col" className="py-1 pr-2 font-semibold">
              {t('print.bet')}
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-semibold">
              {t('ticket.stake')}
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              {t('ticket.payout')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {ticket.bets.map((bet) => (
            <tr key={bet.id}>
              <td className="py-1 pr-2 font-mono">{formatTicketId(bet.id)}</td>
              <td className="py-1 pr-2">
                {betTypeName(bet.type, t)}
                {(bet.type === 'NUMBER' || bet.type === 'JACKPOT') && ` · ${betSelection(bet, t)}`}
              </td>
              <td className="py-1 pr-2 text-right whitespace-nowrap">{formatRiel(bet.amount)}</td>
              <td className="py-1 text-right whitespace-nowrap">
                {bet.status === 'PENDING' ? <StatusPill status={bet.status} /> : formatRiel(bet.payout)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-semibold">
          <tr>
            <th scope="row" colSpan={2} className="py-1 pr-2 text-left">
              {t('print.total')}
            </th>
            <td className="py-1 pr-2 text-right whitespace-nowrap">{formatRiel(ticket.total_amount)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      {ticket.round.numbers.length > 0 && (
        <p className="text-sm">
          {t('print.numbers')}:{' '}
          <span className="font-mono font-semibold">{ticket.round.numbers.join(' ')}</span>
        </p>
      )}
    </section>
  );
}
