import type { TransactionList, TransactionType } from '@lotto59/contract';
import { formatRiel } from '@lotto59/domain';
import { ChevronLeft, ChevronRight, Inbox } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFormatDateTime } from '@/lib/date-time';
import { errorMessageOf } from '@/lib/error-message';
import { isHttpError } from '@/lib/http-client';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { useTransactions, type TransactionFilter } from '../api/get-transactions';
import { dateParam } from '@/lib/date-param';
import { DateRangeForm } from '@/components/ui/date-range-form';

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
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('transactions.tableCaption')}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('transactions.date')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t('transactions.amount')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t('transactions.balanceAfter')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {list.items.map((item) => (
            <tr key={item.id}>
              <td className="px-3 py-2 align-top">
                <span className="whitespace-nowrap">{formatDateTime(item.created_at)}</span>
                {/* What the row is, in the player's language; an operator's own note under it. */}
                <span className="block text-xs text-slate-600" data-testid="transaction-kind">
                  {t(`transactionKinds.${item.kind}`)}
                </span>
                {item.note && <span className="block text-xs text-slate-500">{item.note}</span>}
              </td>
              <td className="px-3 py-2 text-right align-top font-semibold whitespace-nowrap">
                {formatRiel(item.amount)}
              </td>
              <td className="px-3 py-2 text-right align-top whitespace-nowrap text-slate-600">
                {formatRiel(item.balance_after)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pager({ list, onPage }: { list: TransactionList; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const { current_page: page, last_page: last } = list.meta;
  if (last <= 1) return null;
  return (
    <nav aria-label={t('transactions.pages')} className="flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-5" />
        {t('transactions.previous')}
      </Button>
      <span className="text-sm text-slate-600" aria-live="polite">
        {t('transactions.pageOf', { page, last })}
      </span>
      <Button variant="secondary" disabled={page >= last} onClick={() => onPage(page + 1)}>
        {t('transactions.next')}
        <ChevronRight aria-hidden="true" className="size-5" />
      </Button>
    </nav>
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
      <DateRangeForm
        range={filter}
        onApply={(next) => setFilter({ ...next, page: 1 })}
        labels={{
          form: t('transactions.filter'),
          from: t('transactions.from'),
          to: t('transactions.to'),
          search: t('transactions.search'),
          clear: t('transactions.clear'),
          rangeInvalid: t('transactions.rangeInvalid'),
        }}
      />
      {query.isPending && (
        <div role="status" className="flex justify-center p-8 text-emerald-700">
          <Spinner className="size-8" />
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      )}
      {query.isError && !list && (
        <div className="space-y-3">
          <AlertMessage>
            {isHttpError(query.error, 422)
              ? t('fieldErrors.dateRangeInvalid')
              : errorMessageOf(query.error, t)}
          </AlertMessage>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {list && (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-2xl bg-emerald-900 p-4 text-white">
            <span>{t(TOTAL_KEY[type])}</span>
            <span className="text-xl font-semibold" data-testid="transactions-total">
              {formatRiel(list.total_amount)}
            </span>
            <span className="w-full text-sm text-emerald-100">
              {t('transactions.count', { count: list.meta.total })}
            </span>
          </div>
          {list.items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
              <Inbox aria-hidden="true" className="size-10 text-slate-400" />
              <p>{t(EMPTY_KEY[type])}</p>
            </div>
          ) : (
            <Rows list={list} t={t} />
          )}
          <Pager list={list} onPage={(page) => setFilter({ page })} />
        </>
      )}
    </div>
  );
}
