import type { TransactionList, TransactionRecord, TransactionType } from '@lotto59/contract';
import { formatRiel } from '@lotto59/domain';
import { useSearchParams } from 'react-router';
import { useFormatDateTime } from '@/lib/date-time';
import { errorMessageOf } from '@/lib/error-message';
import { isHttpError } from '@/lib/http-client';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { useTransactions, type TransactionFilter } from '../api/get-transactions';
import { dateParam } from '@/lib/date-param';
import { DateRangeForm } from '@/components/ui/date-range-form';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Money } from '@/components/ui/money';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadFailed } from '@/components/ui/load-failed';
import { LoadingState } from '@/components/ui/loading-state';
import { Pager, pagerLabels } from '@/components/ui/pager';
import { TotalsBar } from '@/components/ui/totals-bar';

/** The filter lives in the address (`?from=…&to=…&page=…`), so back, reload and links keep it. */
function useFilter(type: TransactionType): [TransactionFilter, (next: Partial<TransactionFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page') ?? '1')) || 1);
  const filter: TransactionFilter = {
    type,
    from: dateParam(params, 'from'),
    to: dateParam(params, 'to'),
    page,
  };
  const update = (next: Partial<TransactionFilter>) => {
    const merged = { ...filter, ...next };
    const search = new URLSearchParams();
    if (merged.from) search.set('from', merged.from);
    if (merged.to) search.set('to', merged.to);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  return [filter, update];
}

function Rows({ list, t }: { list: TransactionList; t: TFunction }) {
  const formatDateTime = useFormatDateTime();
  const columns: Column<TransactionRecord>[] = [
    {
      key: 'date',
      header: t('transactions.date'),
      cell: (item) => (
        <>
          <span className="whitespace-nowrap">{formatDateTime(item.created_at)}</span>
          {/* What the row is, in the player's language; an operator's own note under it. */}
          <span className="block text-xs text-slate-600" data-testid="transaction-kind">
            {t(`transactionKinds.${item.kind}`)}
          </span>
          {item.note && <span className="block text-xs text-slate-500">{item.note}</span>}
        </>
      ),
    },
    {
      key: 'amount',
      header: t('transactions.amount'),
      align: 'right',
      cell: (item) => <Money amount={item.amount} className="font-semibold" />,
    },
    {
      key: 'balance',
      header: t('transactions.balanceAfter'),
      align: 'right',
      cell: (item) => <Money amount={item.balance_after} className="text-slate-600" />,
    },
  ];
  return (
    <DataTable
      rows={list.items}
      columns={columns}
      rowKey={(item) => item.id}
      caption={t('transactions.tableCaption')}
    />
  );
}

const TITLE_KEY = { deposit: 'transactions.depositTitle', withdraw: 'transactions.withdrawTitle' } as const;
const EMPTY_KEY = { deposit: 'transactions.emptyDeposit', withdraw: 'transactions.emptyWithdraw' } as const;
const TOTAL_KEY = { deposit: 'transactions.totalDeposit', withdraw: 'transactions.totalWithdraw' } as const;

/** Seed §2 deposit and withdraw history: a date filter, pages, the total of the filter, an empty state. */
export function TransactionHistory({ type }: { type: TransactionType }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useFilter(type);
  const query = useTransactions(filter);
  const list = query.data;

  return (
    <div className="mx-auto max-w-3xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{t(TITLE_KEY[type])}</h1>
      <DateRangeForm range={filter} onApply={(next) => setFilter({ ...next, page: 1 })} />
      {query.isPending && <LoadingState label={t('common.loading')} />}
      {query.isError && !list && (
        <LoadFailed
          message={
            isHttpError(query.error, 422) ? t('fieldErrors.dateRangeInvalid') : errorMessageOf(query.error, t)
          }
          retryLabel={t('common.retry')}
          onRetry={() => void query.refetch()}
        />
      )}
      {list && (
        <>
          <TotalsBar
            items={[
              {
                label: t(TOTAL_KEY[type]),
                value: formatRiel(list.total_amount),
                testId: 'transactions-total',
              },
            ]}
            note={t('transactions.count', { count: list.meta.total })}
          />
          {list.items.length === 0 ? (
            <EmptyState>{t(EMPTY_KEY[type])}</EmptyState>
          ) : (
            <Rows list={list} t={t} />
          )}
          <Pager
            meta={list.meta}
            onPage={(page) => setFilter({ page })}
            labels={pagerLabels(t, 'transactions')}
          />
        </>
      )}
    </div>
  );
}
