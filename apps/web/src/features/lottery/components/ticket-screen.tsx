import { BET_TYPE_DIGITS, formatRiel, ROLL } from '@lotto59/domain';
import { Printer, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '@/components/ui/button';
import { notifications } from '@/lib/notifications';
import {
  deleteTicket,
  deleteTicketItem,
  useLotteryMutation,
  useTicketItems,
  useTicketList,
} from '../api/lottery-api';
import type { LotteryTicketItems, LotteryTicketRow } from '@lotto59/contract';
import { useLotteryTranslation } from '../i18n';
import { serverRefusalAlert } from '../lib/error-text';
import { wallDate, wallTime } from '../lib/time';
import '../lottery.css';
import { Card, QueryState } from './lottery-shell';
import { PayoutList } from './payout-list';

/**
 * `/game/lottery/ticket`: the player's tickets still waiting for their draw, each with its items. Before the
 * cut-off an item or the whole ticket can be deleted (its net comes back, lottery.md §6); each ticket prints
 * alone through the print stylesheet. Under them, the winnings (`PayoutList`): the other end of a ticket.
 */
export function TicketScreen({ onBalance }: { onBalance: (balance: number) => void }) {
  const { t } = useLotteryTranslation();
  const list = useTicketList({ status: 'OPEN', page: 1 });
  const rows = list.data?.items ?? [];
  const details = useTicketItems(rows.map((row) => row.id));
  return (
    <div className="space-y-4">
      <QueryState isPending={list.isPending} isError={list.isError} onRetry={() => void list.refetch()}>
        <h2 className="text-lg font-semibold print:hidden">{t('ticket.title')}</h2>
        {rows.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200">
            {t('ticket.none')}
          </p>
        ) : (
          <div className="space-y-4">
            {rows.map((row, i) => (
              <TicketCard key={row.id} row={row} detail={details.data?.[i]} onBalance={onBalance} />
            ))}
          </div>
        )}
      </QueryState>
      <div className="print:hidden">
        <PayoutList />
      </div>
    </div>
  );
}

function TicketCard({
  row,
  detail,
  onBalance,
}: {
  row: LotteryTicketRow;
  detail: LotteryTicketItems | undefined;
  onBalance: (balance: number) => void;
}) {
  const { t } = useLotteryTranslation();
  const [printing, setPrinting] = useState(false);
  const removeItem = useLotteryMutation(deleteTicketItem);
  const removeTicket = useLotteryMutation(deleteTicket);
  const open = row.draw.status === 'OPEN' && row.status === 'OPEN';
  const live = detail?.items.filter((item) => item.status !== 'DELETED') ?? [];
  const refused = (error: unknown) => notifications.alert(serverRefusalAlert(error, t));
  const done = (refunded: number, balance: number) => {
    onBalance(balance);
    notifications.toast({
      status: 'SUCCESS',
      message: t('ticket.refunded', { amount: formatRiel(refunded) }),
    });
  };
  const print = () => {
    // The class must be on the page before the browser lays out the print copy.
    flushSync(() => setPrinting(true));
    window.print();
    setPrinting(false);
  };
  return (
    <Card className={printing ? 'lottery-print' : ''} testId="lottery-ticket">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="hidden text-lg font-bold print:block">{t('ticket.printTitle')}</p>
          <p className="text-lg font-semibold">
            {t('ticket.no')} <span data-testid="ticket-no">{row.ticket_no}</span>
          </p>
          <p className="text-sm text-slate-700">
            {t(`types.${row.type}`)} · {wallDate(row.draw.draw_at)} {wallTime(row.draw.draw_at)} ·{' '}
            {t(`ticketStatus.${row.status}`)}
          </p>
        </div>
        <div className="flex gap-2 print:hidden">
          <Button variant="secondary" onClick={print}>
            <Printer aria-hidden="true" className="size-5" />
            {t('ticket.print')}
          </Button>
          {open && (
            <Button
              variant="secondary"
              className="text-red-700"
              isPending={removeTicket.isPending}
              data-testid="delete-ticket"
              onClick={() =>
                notifications.confirm({
                  message: t('ticket.confirmDeleteTicket', {
                    no: row.ticket_no,
                    net: formatRiel(row.net_amount),
                  }),
                  onConfirm: () =>
                    removeTicket.mutate(row.id, {
                      onSuccess: (answer) => done(answer.refunded, answer.balance),
                      onError: refused,
                    }),
                })
              }
            >
              <Trash2 aria-hidden="true" className="size-5" />
              {t('ticket.deleteTicket')}
            </Button>
          )}
        </div>
      </div>
      <ul className="divide-y divide-slate-100" data-testid="ticket-items">
        {live.map((item) => (
          <li key={item.id} className="flex items-center gap-2 py-2" data-testid="ticket-item">
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                {t(BET_TYPE_DIGITS[item.bet_type] === 2 ? 'bet.digits2' : 'bet.digits3')} ·{' '}
                {item.posts.map((p) => (p === ROLL ? t('common.roll') : p)).join(' ')}
                {item.permute && ` · ${t('common.permuted')}`}
              </p>
              <p className="font-mono text-sm break-words text-slate-700">{item.numbers.join(' ')}</p>
              <p className="text-xs text-slate-600 tabular-nums">
                {formatRiel(item.amount)} × {item.numbers.length} × {item.lines} ={' '}
                {formatRiel(item.face_amount)}
              </p>
            </div>
            <span className="font-semibold tabular-nums">{formatRiel(item.net_amount)}</span>
            {open && (
              <button
                type="button"
                aria-label={t('ticket.deleteItemLabel', { numbers: item.numbers.slice(0, 5).join(' ') })}
                data-testid="delete-item"
                className="flex min-h-11 min-w-11 items-center justify-center rounded-lg text-red-700 ring-1 ring-slate-300 hover:bg-red-50 print:hidden"
                onClick={() =>
                  notifications.confirm({
                    message: t('ticket.confirmDeleteItem', { net: formatRiel(item.net_amount) }),
                    onConfirm: () =>
                      removeItem.mutate(item.id, {
                        onSuccess: (answer) => done(answer.refunded, answer.balance),
                        onError: refused,
                      }),
                  })
                }
              >
                <Trash2 aria-hidden="true" className="size-5" />
              </button>
            )}
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-2 gap-1 border-t border-slate-200 pt-2 text-sm">
        <dt>{t('ticket.face')}</dt>
        <dd className="text-right tabular-nums" data-testid="ticket-face">
          {formatRiel(row.total_amount)}
        </dd>
        <dt>{t('ticket.discount')}</dt>
        <dd className="text-right tabular-nums">{formatRiel(row.discount)}</dd>
        <dt className="font-semibold">{t('ticket.net')}</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="ticket-net">
          {formatRiel(row.net_amount)}
        </dd>
      </dl>
    </Card>
  );
}
