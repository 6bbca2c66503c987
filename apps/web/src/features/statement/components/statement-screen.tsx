import {
  STATEMENT_PRODUCTS,
  type Statement,
  type StatementProduct,
  type StatementRow,
} from '@lotto59/contract';
import { DEFAULT_TIME_ZONE, formatSignedRiel, localDateOf } from '@lotto59/domain';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DateRangeForm } from '@/components/ui/date-range-form';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadFailed } from '@/components/ui/load-failed';
import { LoadingState } from '@/components/ui/loading-state';
import { WinLoseMoney, Money } from '@/components/ui/money';
import { Pager, pagerLabels } from '@/components/ui/pager';
import { TotalsBar } from '@/components/ui/totals-bar';
import { dateParam } from '@/lib/date-param';
import { useFormatDateTime } from '@/lib/date-time';
import { errorMessageOf } from '@/lib/error-message';
import { isHttpError } from '@/lib/http-client';
import { useTranslation } from '@/lib/i18n';
import { useStatementTranslation, type StatementT } from '../i18n';
import { statementCsvHref, useStatement, type StatementFilter } from '../api/get-statement';
import type { VerifyTransfer } from '../verify/verify-transfer';
import { DailyNetChart } from './daily-net-chart';
import { referenceHref } from './reference-link';
import { VerifyButton } from './verify-button';

/** The range shown when the address names none: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

function shiftDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const isProduct = (value: string | null): value is StatementProduct =>
  value !== null && (STATEMENT_PRODUCTS as readonly string[]).includes(value);

/** The filter lives in the address (`?from=&to=&product=&page=`), so back, reload and links keep it. */
function useFilter(): [StatementFilter, (next: Partial<StatementFilter>) => void] {
  const [params, setParams] = useSearchParams();
  // The day the screen opened on (the operator's zone): the default range ends there.
  const [today] = useState(() => localDateOf(Date.now(), DEFAULT_TIME_ZONE));
  const to = dateParam(params, 'to') ?? today;
  const from = dateParam(params, 'from') ?? shiftDays(to, -(DEFAULT_DAYS - 1));
  const product = params.get('product');
  const filter: StatementFilter = {
    from,
    to,
    product: isProduct(product) ? product : undefined,
    page: Math.max(1, Math.trunc(Number(params.get('page') ?? '1')) || 1),
  };
  const update = (next: Partial<StatementFilter>) => {
    const merged = { ...filter, ...next };
    const search = new URLSearchParams();
    search.set('from', merged.from);
    search.set('to', merged.to);
    if (merged.product) search.set('product', merged.product);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  return [filter, update];
}

function ProductChips({
  selected,
  onSelect,
  t,
}: {
  selected: StatementProduct | undefined;
  onSelect: (product: StatementProduct | undefined) => void;
  t: StatementT;
}) {
  const chip = (label: string, value: StatementProduct | undefined) => {
    const on = selected === value;
    return (
      <button
        key={value ?? 'all'}
        type="button"
        aria-pressed={on}
        onClick={() => onSelect(value)}
        className={`min-h-11 shrink-0 rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-emerald-700 ${
          on
            ? 'border-emerald-800 bg-emerald-800 text-white'
            : 'border-slate-300 bg-white text-slate-700 hover:border-emerald-700'
        }`}
        data-testid={`statement-chip-${value ?? 'ALL'}`}
      >
        {label}
      </button>
    );
  };
  return (
    <div
      role="group"
      aria-label={t('statement.productsLabel')}
      className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1"
    >
      {chip(t('statement.allProducts'), undefined)}
      {STATEMENT_PRODUCTS.map((p) => chip(t(`statement.products.${p}`), p))}
    </div>
  );
}

function Rows({ statement, verify, t }: { statement: Statement; verify: VerifyTransfer; t: StatementT }) {
  const formatDateTime = useFormatDateTime();
  const columns: Column<StatementRow>[] = [
    {
      key: 'movement',
      header: t('statement.movement'),
      cell: (row) => (
        <>
          <span className="block font-semibold" data-testid="statement-product">
            {t(`statement.products.${row.product}`)} · {t(`statement.kinds.${row.kind}`)}
          </span>
          <span className="block text-xs whitespace-nowrap text-slate-600">{formatDateTime(row.at)}</span>
          <Link
            to={referenceHref(row)}
            className="inline-flex min-h-8 items-center text-xs font-semibold text-emerald-800 underline underline-offset-2"
            data-testid="statement-reference"
          >
            {row.reference ? (
              <>
                {t(`statement.references.${row.reference.type}`)}&nbsp;
                {/* An identifier (a provider's round id is theirs), not a word of the interface. */}
                <code className="font-mono">{row.reference.id}</code>
              </>
            ) : (
              t('statement.open')
            )}
          </Link>
        </>
      ),
    },
    {
      key: 'amount',
      header: t('statement.amount'),
      align: 'right',
      cell: (row) => <WinLoseMoney amount={row.amount} className="font-semibold" testId="statement-amount" />,
    },
    {
      key: 'balance',
      header: t('statement.balanceAfter'),
      align: 'right',
      cell: (row) => (
        <>
          <Money amount={row.balance_after} className="block text-slate-700" testId="statement-balance" />
          <VerifyButton row={row} verify={verify} />
        </>
      ),
    },
  ];
  return (
    <DataTable
      rows={statement.items}
      columns={columns}
      rowKey={(row) => row.id}
      caption={t('statement.tableCaption')}
    />
  );
}

/**
 * `/transaction/statement` (issue 25, item 2): every movement of the player's money across every product, its
 * running balance (the ledger's balance after each movement, the top bar's figure), product chips, the daily
 * net of the range as a chart, the totals per product, the CSV of the range, and each row's "verify".
 */
export function StatementScreen({ verify }: { verify: VerifyTransfer }) {
  const { t, language } = useStatementTranslation();
  // The house's words (loading, retry, errors) from the start-up catalogue.
  const { t: tHouse } = useTranslation();
  const [filter, setFilter] = useFilter();
  const query = useStatement(filter);
  const statement = query.data;
  const csv = statementCsvHref(filter, language);

  return (
    <div className="mx-auto max-w-3xl space-y-4 p-4 sm:p-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('statement.title')}</h1>
        <p className="text-sm text-slate-600">{t('statement.intro')}</p>
      </div>
      <DateRangeForm
        range={filter}
        onApply={(next) =>
          setFilter({
            to: next.to ?? localDateOf(Date.now(), DEFAULT_TIME_ZONE),
            from:
              next.from ??
              shiftDays(next.to ?? localDateOf(Date.now(), DEFAULT_TIME_ZONE), -(DEFAULT_DAYS - 1)),
            page: 1,
          })
        }
      />
      <ProductChips selected={filter.product} onSelect={(product) => setFilter({ product, page: 1 })} t={t} />
      <div className="flex flex-wrap items-center gap-3">
        {csv ? (
          <a
            href={csv}
            download
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-emerald-800 px-4 font-semibold text-emerald-800 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-700"
            data-testid="statement-csv"
          >
            <Download aria-hidden="true" className="size-5" />
            {t('statement.download')}
          </a>
        ) : (
          <p className="text-sm text-slate-600">{t('statement.downloadTooLong')}</p>
        )}
      </div>
      {query.isPending && <LoadingState label={tHouse('common.loading')} />}
      {query.isError && !statement && (
        <LoadFailed
          message={
            isHttpError(query.error, 422)
              ? tHouse('fieldErrors.dateRangeInvalid')
              : errorMessageOf(query.error, tHouse)
          }
          retryLabel={tHouse('common.retry')}
          onRetry={() => void query.refetch()}
        />
      )}
      {statement && (
        <>
          <TotalsBar
            testId="statement-totals"
            items={[
              {
                label: t('statement.net'),
                value: formatSignedRiel(statement.totals.reduce((sum, x) => sum + x.net, 0)),
                testId: 'statement-net',
              },
              ...statement.totals.map((x) => ({
                label: t(`statement.products.${x.product}`),
                value: formatSignedRiel(x.net),
                testId: `statement-total-${x.product}`,
              })),
            ]}
            note={t('statement.count', { count: statement.meta.total })}
          />
          <DailyNetChart from={filter.from} to={filter.to} daily={statement.daily} />
          {statement.items.length === 0 ? (
            <EmptyState>{t('statement.empty')}</EmptyState>
          ) : (
            <Rows statement={statement} verify={verify} t={t} />
          )}
          <Pager
            meta={statement.meta}
            onPage={(page) => setFilter({ page })}
            labels={pagerLabels(t, 'statement')}
          />
        </>
      )}
    </div>
  );
}
