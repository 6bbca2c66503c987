import { LOTTERY_GAME_TYPES, type LotteryGameType } from '@lotto59/domain';
import { useId } from 'react';
import { useTicketList, useTicketTotal } from '../api/lottery-api';
import type { LotteryTicketRow } from '@lotto59/contract';
import { useLotteryTranslation, type LotteryT } from '../i18n';
import { wallDate, wallTime } from '../lib/time';
import { Card, QueryState } from './lottery-shell';
import { DateRangeForm } from '@/components/ui/date-range-form';
import { LotteryTable, PHONE_HIDDEN, TextCell, type LotteryColumn } from './lottery-table';
import { MoneyCell } from './money-cell';
import { useRangeParams } from './use-range';

const isGameType = (value: string | null): value is LotteryGameType =>
  (LOTTERY_GAME_TYPES as readonly (string | null)[]).includes(value);

const columns = (t: LotteryT): LotteryColumn<LotteryTicketRow>[] => [
  {
    key: 'no',
    header: t('ticket.no'),
    cell: (row) => <TextCell testId="row-ticket-no">{row.ticket_no}</TextCell>,
  },
  // Issue 26, item 6: on a phone the ticket, its draw, the payout and the status; type and net on wider screens.
  {
    key: 'type',
    header: t('list.type'),
    secondary: true,
    cell: (row) => <TextCell>{t(`types.${row.type}`)}</TextCell>,
  },
  {
    key: 'draw',
    header: t('ticket.draw'),
    cell: (row) => (
      <TextCell>
        {wallDate(row.draw.draw_at)} {wallTime(row.draw.draw_at)}
      </TextCell>
    ),
  },
  {
    key: 'net',
    header: t('ticket.net'),
    align: 'right',
    secondary: true,
    cell: (row) => <MoneyCell value={row.net_amount} />,
  },
  {
    key: 'payout',
    header: t('ticket.payout'),
    align: 'right',
    cell: (row) => <MoneyCell value={row.payout} />,
  },
  {
    key: 'status',
    header: t('ticket.status'),
    cell: (row) => <TextCell testId="row-status">{t(`ticketStatus.${row.status}`)}</TextCell>,
  },
];

/** `/ticket/lottery`: the player's lottery tickets with their payouts, by day range and game type, paged. */
export function LotteryTicketList({ heading }: { heading: string }) {
  const { t } = useLotteryTranslation();
  const typeId = useId();
  const [range, setRange, params, setParams] = useRangeParams();
  const typeParam = params.get('type');
  const type = isGameType(typeParam) ? typeParam : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useTicketList({ ...range, type, page });
  const total = useTicketTotal({ ...range, type });
  const go = (change: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(change)) {
      if (value === undefined) next.delete(name);
      else next.set(name, value);
    }
    setParams(next);
  };
  const meta = list.data?.meta;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{heading}</h1>
      <Card>
        <DateRangeForm range={range} onApply={setRange} />
        <div>
          <label htmlFor={typeId} className="text-sm font-semibold">
            {t('list.type')}
          </label>
          <select
            id={typeId}
            value={type ?? ''}
            onChange={(e) => go({ type: e.target.value || undefined, page: undefined })}
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3"
          >
            <option value="">{t('list.allTypes')}</option>
            {LOTTERY_GAME_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`types.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </Card>
      <QueryState isPending={list.isPending} isError={list.isError} onRetry={() => void list.refetch()}>
        {list.data?.items.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200">
            {t('common.empty')}
          </p>
        ) : (
          <LotteryTable
            caption={t('list.caption')}
            columns={columns(t)}
            rows={list.data?.items ?? []}
            rowKey={(row) => row.id}
            testId="lottery-ticket-list"
            footer={
              total.data && (
                <tr data-testid="ticket-list-total">
                  {/* One cell per column, so the phone's hidden columns (type, net) leave the total in line. */}
                  <th scope="row" className="px-2 py-2 text-left whitespace-nowrap">
                    {t('ticket.total')} ({total.data.tickets})
                  </th>
                  <td className={PHONE_HIDDEN} />
                  <td />
                  <MoneyCell value={total.data.net_amount} testId="list-total-net" className={PHONE_HIDDEN} />
                  <MoneyCell value={total.data.payout} testId="list-total-payout" />
                  <td />
                </tr>
              )
            }
          />
        )}
        {meta && meta.last_page > 1 && (
          <nav className="flex items-center justify-between gap-2" aria-label={t('list.caption')}>
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => go({ page: String(page - 1) })}
              className="min-h-11 rounded-lg bg-white px-4 font-semibold ring-1 ring-slate-300 disabled:opacity-50"
            >
              {t('list.previous')}
            </button>
            <span className="text-sm">{t('list.page', { page, last: meta.last_page })}</span>
            <button
              type="button"
              disabled={page >= meta.last_page}
              onClick={() => go({ page: String(page + 1) })}
              className="min-h-11 rounded-lg bg-white px-4 font-semibold ring-1 ring-slate-300 disabled:opacity-50"
            >
              {t('list.next')}
            </button>
          </nav>
        )}
      </QueryState>
    </div>
  );
}
