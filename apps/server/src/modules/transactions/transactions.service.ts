import type { TransactionList, TransactionListQuery, TransactionType } from '@lotto59/contract';
import { assert, exhaustiveSwitchError } from '@lotto59/domain';
import { localDateRange, pageMeta } from '../../http/list-query';
import type { WalletService } from '../wallet/wallet.service';

/** Deposit and withdraw history (`/api/transaction/list`), read from the ledger, the caller's rows only. */
export class TransactionsService {
  constructor(
    private readonly wallet: WalletService,
    private readonly timeZone: string,
  ) {}

  async list(playerId: number, query: TransactionListQuery): Promise<TransactionList> {
    const range = localDateRange(query.from, query.to, this.timeZone);
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
      meta: pageMeta(query.page, query.per_page, count),
      total_amount: sum,
    };
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
