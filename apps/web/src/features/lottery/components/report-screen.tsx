import { LOTTERY_GAME_TYPES, type LotteryGameType } from '@lotto59/domain';
import { useLotteryTranslation, type LotteryT } from '../i18n';
import { useTicketTotals } from '../api/lottery-api';
import type { LotteryTotal } from '@lotto59/contract';
import { QueryState } from './lottery-shell';
import { DateRangeForm } from '@/components/ui/date-range-form';
import { LotteryTable, PHONE_HIDDEN, TextCell, type LotteryColumn } from './lottery-table';
import { MoneyCell } from './money-cell';
import { useRangeParams } from './use-range';

interface ReportRow {
  type: LotteryGameType;
  total: LotteryTotal;
}

/** Issue 26, item 6: on a phone the type, the payout and the win/lose; the other figures on wider screens. */
const columns = (t: LotteryT): LotteryColumn<ReportRow>[] => [
  { key: 'type', header: t('report.type'), cell: (row) => <TextCell>{t(`types.${row.type}`)}</TextCell> },
  {
    key: 'tickets',
    secondary: true,
    header: t('report.tickets'),
    align: 'right',
    cell: (row) => <Count n={row.total.tickets} />,
  },
  {
    key: 'items',
    header: t('report.items'),
    align: 'right',
    secondary: true,
    cell: (row) => <Count n={row.total.items} />,
  },
  {
    key: 'total',
    secondary: true,
    header: t('report.totalAmount'),
    align: 'right',
    cell: (row) => <MoneyCell value={row.total.total_amount} />,
  },
  {
    key: 'discount',
    secondary: true,
    header: t('report.discount'),
    align: 'right',
    cell: (row) => <MoneyCell value={row.total.discount} />,
  },
  {
    key: 'net',
    secondary: true,
    header: t('report.net'),
    align: 'right',
    cell: (row) => <MoneyCell value={row.total.net_amount} />,
  },
  {
    key: 'payout',
    header: t('report.payout'),
    align: 'right',
    cell: (row) => <MoneyCell value={row.total.payout} />,
  },
  {
    key: 'winLose',
    header: t('report.winLose'),
    align: 'right',
    cell: (row) => <MoneyCell value={row.total.win_lose} signed />,
  },
  {
    key: 'outstanding',
    secondary: true,
    header: t('report.outstanding'),
    align: 'right',
    cell: (row) => <MoneyCell value={row.total.outstanding} />,
  },
];

function Count({ n, testId, className = '' }: { n: number; testId?: string; className?: string }) {
  return (
    <td className={`px-2 py-2 text-right tabular-nums ${className}`} data-testid={testId}>
      {n}
    </td>
  );
}

/**
 * `/report/lottery` and the report tab of `/game/lottery`: per game type and in total, over a day range, the
 * tickets, face, discount, net paid, payout, win/lose and what is still waiting (`ticket/total`, lottery.md §6).
 */
export function LotteryReport({ heading }: { heading?: string }) {
  const { t } = useLotteryTranslation();
  const [range, setRange] = useRangeParams();
  const filters = [...LOTTERY_GAME_TYPES.map((type) => ({ ...range, type })), { ...range }];
  const totals = useTicketTotals(filters);
  const rows: ReportRow[] = LOTTERY_GAME_TYPES.flatMap((type, i) => {
    const total = totals.data?.[i];
    return total ? [{ type, total }] : [];
  });
  const all = totals.data?.[LOTTERY_GAME_TYPES.length];
  return (
    <div className="space-y-4">
      {heading && <h1 className="text-2xl font-semibold">{heading}</h1>}
      <DateRangeForm range={range} onApply={setRange} />
      <QueryState isPending={totals.isPending} isError={totals.isError} onRetry={() => void totals.refetch()}>
        <LotteryTable
          caption={t('report.caption')}
          columns={columns(t)}
          rows={rows}
          rowKey={(row) => row.type}
          testId="lottery-report"
          footer={
            all && (
              <tr data-testid="lottery-report-total">
                <th scope="row" className="px-2 py-2 text-left">
                  {t('report.total')}
                </th>
                <Count n={all.tickets} testId="report-tickets" className={PHONE_HIDDEN} />
                <Count n={all.items} className={PHONE_HIDDEN} />
                <MoneyCell value={all.total_amount} testId="report-face" className={PHONE_HIDDEN} />
                <MoneyCell value={all.discount} className={PHONE_HIDDEN} />
                <MoneyCell value={all.net_amount} testId="report-net" className={PHONE_HIDDEN} />
                <MoneyCell value={all.payout} testId="report-payout" />
                <MoneyCell value={all.win_lose} signed testId="report-win-lose" />
                <MoneyCell value={all.outstanding} testId="report-outstanding" className={PHONE_HIDDEN} />
              </tr>
            )
          }
        />
      </QueryState>
    </div>
  );
}
