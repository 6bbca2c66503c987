import type {
  TransactionKind,
  TransactionList,
  TransactionListQuery,
  TransactionType,
} from '@lotto59/contract';
import { assert, exhaustiveSwitchError } from '@lotto59/domain';
import type { ReadDb } from '../../db/read-db';
import { localDateRange, pageMeta } from '../../http/list-query';
import type { WalletService } from '../wallet/wallet.public';

/** Deposit and withdraw history (`/api/transaction/list`), read from the ledger, the caller's rows only. */
export class TransactionsService {
  constructor(
    private readonly wallet: WalletService,
    private readonly timeZone: string,
    /** A replica unless the player wrote lately (read-your-writes). */
    private readonly reads: ReadDb,
  ) {}

  async list(playerId: number, query: TransactionListQuery): Promise<TransactionList> {
    const range = localDateRange(query.from, query.to, this.timeZone);
    const offset = (query.page - 1) * query.per_page;
    const { accountId, rows, count, sum } = await this.wallet.playerTransfers(
      playerId,
      { kinds: [query.type], ...range },
      { limit: query.per_page, offset },
      await this.reads.forPlayer(playerId),
    );
    return {
      items: rows.map((row) => {
        const type = row.kind as TransactionType;
        const kind = kindOf(type, row.idempotency_key);
        return {
          id: row.id,
          type,
          kind,
          amount: row.amount,
          balance_after: balanceAfter(type, row, accountId),
          note: kind === 'opening_balance' ? null : row.note,
          created_at: new Date(row.created_at_ms).toISOString(),
        };
      }),
      meta: pageMeta(query.page, query.per_page, count),
      total_amount: sum,
    };
  }
}

/**
 * The idempotency keys of the deposits the system makes when an account is made: the demo player's starting
 * balance (modules/players/demo-player.ts) and the `--balance` of `ops player create` (cli/ops.ts), stored
 * with the cashier's `deposit:` prefix (wallet/cashier.service.ts). Keys are written once and never change,
 * so they say what the deposit was without a ledger kind of its own.
 */
const OPENING_BALANCE_KEY = /^deposit:(demo-starting-balance|opening-balance):/;

function kindOf(type: TransactionType, idempotencyKey: string): TransactionKind {
  return type === 'deposit' && OPENING_BALANCE_KEY.test(idempotencyKey) ? 'opening_balance' : type;
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
