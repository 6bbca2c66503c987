import type { TransactionList, TransactionListQuery, TransactionType } from '@lotto59/contract';
import {
  assert,
  exhaustiveSwitchError,
  localDaysRangeMs,
  parseLocalDate,
  type LocalDate,
} from '@lotto59/domain';
import { validationError } from '../../errors/app-error';
import type { WalletService } from '../wallet/wallet.service';

/** Deposit and withdraw history (`/api/transaction/list`), read from the ledger, the caller's rows only. */
export class TransactionsService {
  constructor(
    private readonly wallet: WalletService,
    private readonly timeZone: string,
  ) {}

  async list(playerId: number, query: TransactionListQuery): Promise<TransactionList> {
    const range = this.range(query.from, query.to);
    const offset = (query.page - 1) * query.per_page;
    const { accountId, rows, count, sum } = await this.wallet.playerTransfers(
      playerId,
      { kinds: [query.type], ...range },
      { limit: query.per_page, offset },
    );
    return {
      items: rows.map((row) => {
        const type = row.kind as TransactionType;
        return {
          id: row.id,
          type,
          amount: row.amount,
          balance_after: balanceAfter(type, row, accountId),
          note: row.note,
          created_at: new Date(row.created_at_ms).toISOString(),
        };
      }),
      meta: {
        current_page: query.page,
        per_page: query.per_page,
        total: count,
        last_page: Math.max(1, Math.ceil(count / query.per_page)),
      },
      total_amount: sum,
    };
  }

  private range(from: string | undefined, to: string | undefined) {
    const errors: Record<string, string[]> = {};
    const f = from === undefined ? undefined : parseLocalDate(from);
    const t = to === undefined ? undefined : parseLocalDate(to);
    if (f && !f.ok) errors.from = ['The from date is not a valid date.'];
    if (t && !t.ok) errors.to = ['The to date is not a valid date.'];
    if (f?.ok && t?.ok && f.value > t.value) errors.to = ['The to date must be on or after the from date.'];
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const fromDate = f?.ok ? f.value : ('1970-01-01' as LocalDate);
    const toDate = t?.ok ? t.value : ('9999-12-30' as LocalDate);
    const { fromMs, toMs } = localDaysRangeMs(fromDate, toDate, this.timeZone);
    return { fromMs: f ? fromMs : undefined, toMs: t ? toMs : undefined };
  }
}

function balanceAfter(
  type: TransactionType,
  row: {
    from_account_id: number;
    to_account_id: number;
    from_balance_after: number;
    to_balance_after: number;
  },
  accountId: number,
): number {
  switch (type) {
    case 'deposit':
      assert(row.to_account_id === accountId, 'a deposit credits the player');
      return row.to_balance_after;
    case 'withdraw':
      assert(row.from_account_id === accountId, 'a withdrawal debits the player');
      return row.from_balance_after;
    default:
      return exhaustiveSwitchError(type);
  }
}
