import type { LotteryPayoutList } from '@lotto59/contract';
import { BET_TYPE_DIGITS, formatRiel, ROLL } from '@lotto59/domain';
import { EyeOff } from 'lucide-react';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Money } from '@/components/ui/money';
import { Pager } from '@/components/ui/pager';
import { TotalsBar } from '@/components/ui/totals-bar';
import { isHttpError } from '@/lib/http-client';
import { notifications } from '@/lib/notifications';
import { hidePayoutItem, useLotteryMutation, usePayouts } from '../api/lottery-api';
import { useLotteryTranslation, type LotteryT } from '../i18n';
import { wallDate, wallTime } from '../lib/time';
import { Card, QueryState } from './lottery-shell';
import { DateRangeForm } from '@/components/ui/date-range-form';
import { useRangeParams } from './use-range';

type PayoutRow = LotteryPayoutList['items'][number];

const columns = (t: LotteryT, hide: (row: PayoutRow) => void, hiding: boolean): Column<PayoutRow>[] => [
  {
    key: 'ticket',
    header: t('ticket.no'),
    rowHeader: true,
    cell: (row) => (
      <>
        <span className="block font-semibold" data-testid="payout-ticket-no">
          {row.ticket_no}
        </span>
        <span className="block text-xs whitespace-nowrap text-slate-600">
          {t(`types.${row.type}`)} · {wallDate(row.draw.draw_at)} {wallTime(row.draw.draw_at)}
        </span>
      </>
    ),
  },
  {
    key: 'bet',
    header: t('payouts.bet'),
    cell: (row) =>
      `${t(BET_TYPE_DIGITS[row.bet_type] === 2 ? 'bet.digits2' : 'bet.digits3')} · ${row.posts
        .map((p) => (p === ROLL ? t('common.roll') : p))
        .join(' ')}`,
  },
  {
    key: 'number',
    header: t('payouts.number'),
    cell: (row) => (
      <span className="font-mono" data-testid="payout-number">
        {row.number.split(',').join(' ')}
      </span>
    ),
  },
  {
    key: 'hits',
    header: t('payouts.hits'),
    align: 'right',
    // How many times it was paid (amount × price each, lottery.md §4); the lines are on the result tab.
    cell: (row) => (
      <span className="tabular-nums" data-testid="payout-hits">
        {row.hits.length}
      </span>
    ),
  },
  { key: 'amount', header: t('ticket.amount'), align: 'right', cell: (row) => <Money amount={row.amount} /> },
  {
    key: 'payout',
    header: t('ticket.payout'),
    align: 'right',
    cell: (row) => (
      <Money amount={row.payout} className="font-semibold text-emerald-800" testId="payout-amount" />
    ),
  },
  {
    key: 'paid',
    header: t('payouts.paidAt'),
    cell: (row) => (
      <span className="whitespace-nowrap">
        {wallDate(row.paid_at)} {wallTime(row.paid_at)}
      </span>
    ),
  },
  {
    key: 'hide',
    header: t('ticket.actions'),
    align: 'right',
    cell: (row) => (
      <Button
        variant="secondary"
        className="text-sm"
        disabled={hiding}
        aria-label={t('payouts.hideLabel', { no: row.ticket_no, numbers: row.number.split(',').join(' ') })}
        data-testid="hide-payout"
        onClick={() => hide(row)}
      >
        <EyeOff aria-hidden="true" className="size-5" />
        {t('payouts.hide')}
      </Button>
    ),
  },
];

/**
 * The payouts section of `/game/lottery/ticket`: the player's winning items (`ticket/payout`, lottery.md §6) by
 * day range of their payment, with their total and pages; "hide" takes a paid item off this list
 * (`delete/payout/item`) and moves no money.
 */
export function PayoutList() {
  const { t } = useLotteryTranslation();
  const [range, setRange, params, setParams] = useRangeParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const payouts = usePayouts({ ...range, page });
  const hide = useLotteryMutation(hidePayoutItem);
  const onHide = (row: PayoutRow) =>
    notifications.confirm({
      message: t('payouts.confirmHide', { payout: formatRiel(row.payout) }),
      onConfirm: () =>
        hide.mutate(row.item_id, {
          onSuccess: () => notifications.toast({ status: 'SUCCESS', message: t('payouts.hidden') }),
          onError: () => notifications.alert({ status: 'ERROR', message: t('payouts.hideFailed') }),
        }),
    });
  const goTo = (next: number) => {
    const search = new URLSearchParams(params);
    if (next > 1) search.set('page', String(next));
    else search.delete('page');
    setParams(search);
  };
  const data = payouts.data;
  return (
    <Card title={t('payouts.title')} testId="lottery-payouts">
      <p className="text-sm text-slate-600">{t('payouts.intro')}</p>
      <DateRangeForm range={range} onApply={setRange} />
      {payouts.isError && isHttpError(payouts.error, 422) ? (
        // The server's 422 text is English for operators: the player reads why in their language.
        <AlertMessage>{t('payouts.rangeTooLong')}</AlertMessage>
      ) : (
        <QueryState
          isPending={payouts.isPending}
          isError={payouts.isError}
          onRetry={() => void payouts.refetch()}
        >
          {data && (
            <div className="space-y-3">
              <TotalsBar
                testId="payout-totals"
                items={[
                  { label: t('payouts.count'), value: data.total.count, testId: 'payout-total-count' },
                  {
                    label: t('payouts.total'),
                    value: <Money amount={data.total.payout} />,
                    testId: 'payout-total-payout',
                  },
                ]}
              />
              {data.items.length === 0 ? (
                <EmptyState framed={false}>{t('payouts.none')}</EmptyState>
              ) : (
                <DataTable
                  rows={data.items}
                  columns={columns(t, onHide, hide.isPending)}
                  rowKey={(row) => row.item_id}
                  caption={t('payouts.caption')}
                  rowTestId="payout-row"
                />
              )}
              <Pager
                meta={data.meta}
                onPage={goTo}
                labels={{
                  nav: t('payouts.pages'),
                  previous: t('list.previous'),
                  next: t('list.next'),
                  pageOf: (current, last) => t('list.page', { page: current, last }),
                }}
              />
            </div>
          )}
        </QueryState>
      )}
    </Card>
  );
}
