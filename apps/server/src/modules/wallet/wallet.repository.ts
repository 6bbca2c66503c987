import { riel, type Riel } from '@lotto59/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database';
import type { AccountKind, TransferRow } from './wallet.table';
import { insertTransfers } from './pg/insert-transfers.repository';

// All SQL of the ledger. Each function takes the executor first so it runs inside the caller's transaction.

export function findAccountIdByCode(ex: Executor, code: string) {
  return ex.selectFrom('accounts').select('id').where('code', '=', code).executeTakeFirst();
}

export function findAccountByCode(ex: Executor, code: string) {
  return ex.selectFrom('accounts').select(['id', 'balance']).where('code', '=', code).executeTakeFirst();
}

export function findPlayerAccount(ex: Executor, playerId: number) {
  return ex
    .selectFrom('accounts')
    .select(['id', 'balance'])
    .where('player_id', '=', playerId)
    .executeTakeFirst();
}

export async function insertAccount(
  ex: Executor,
  row: { code: string; kind: AccountKind; playerId: number | null; mayGoNegative: boolean; nowMs: number },
): Promise<number> {
  const { id } = await ex
    .insertInto('accounts')
    .values({
      code: row.code,
      kind: row.kind,
      player_id: row.playerId,
      balance: riel(0),
      may_go_negative: row.mayGoNegative ? 1 : 0,
      created_at_ms: row.nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function findTransferByKey(ex: Executor, idempotencyKey: string) {
  return ex
    .selectFrom('transfers')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/**
 * PostgreSQL: the key's transfer, if any, read by the statement that runs a stake's guard (`cte`, its
 * `taken` condition; DebitGuard in wallet.ledger.ts): one round trip for both. A data-modifying CTE runs
 * whether or not the query reads it.
 */
export async function findTransferByKeyGuarded(
  ex: Executor,
  idempotencyKey: string,
  guard: { cte: RawBuilder<unknown>; taken: RawBuilder<boolean> },
): Promise<{ taken: boolean; transfer: TransferRow | undefined }> {
  const { rows } = await sql<TransferRow & { guard_taken: boolean }>`with ${guard.cte}
    select ${guard.taken} as guard_taken, t.*
    from (select 1) as one left join transfers t on t.idempotency_key = ${idempotencyKey}`.execute(ex);
  const { guard_taken: taken, ...transfer } = rows[0]!;
  return { taken, transfer: transfer.id === null ? undefined : transfer };
}

/**
 * Takes `amount` from an account only if it stays covered: one conditional statement, never
 * read-then-write, so concurrent debits cannot overdraw. Returns the new balance, or undefined when refused.
 */
export async function debitIfCovered(
  ex: Executor,
  accountId: number,
  amount: Riel,
): Promise<Riel | undefined> {
  const row = await ex
    .updateTable('accounts')
    .set({ balance: sql`balance - ${amount}` })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('may_go_negative', '=', 1), eb('balance', '>=', amount)]))
    .returning('balance')
    .executeTakeFirst();
  return row?.balance;
}

export async function credit(ex: Executor, accountId: number, amount: Riel): Promise<Riel> {
  const row = await ex
    .updateTable('accounts')
    .set({ balance: sql`balance + ${amount}` })
    .where('id', '=', accountId)
    .returning('balance')
    .executeTakeFirstOrThrow();
  return row.balance;
}

export interface NewTransferRow {
  idempotency_key: string;
  request_hash: string;
  kind: string;
  from_account_id: number;
  to_account_id: number;
  amount: Riel;
  from_balance_after: Riel;
  to_balance_after: Riel;
  reference: string | null;
  note: string | null;
  created_at_ms: number;
}

/** PostgreSQL: one transfer row, through `insertTransfers` (the dialect's only insert of transfer rows); answers its id. */
export async function insertTransfer(ex: Executor, row: NewTransferRow): Promise<number> {
  const { rows } = await sql<{ id: number }>`${insertTransfers(sql`values (${row.idempotency_key},
    ${row.request_hash}, ${row.kind}, ${row.from_account_id}, ${row.to_account_id}, ${row.amount},
    ${row.from_balance_after}, ${row.to_balance_after}, ${row.reference}, ${row.note}, ${row.created_at_ms})`)}
    returning id`.execute(ex);
  return rows[0]!.id;
}

/**
 * The kinds listed per account. The per-account indexes are partial, on exactly this condition
 * (migration 0004): a query must repeat it word for word, inside each branch of an OR, for SQLite to
 * use them.
 */
export type StatementKind = 'deposit' | 'withdraw';
const IN_STATEMENT = sql<boolean>`kind in ('deposit', 'withdraw')`;

export interface AccountTransferFilter {
  accountId: number;
  kinds: readonly StatementKind[];
  fromMs?: number | undefined;
  toMs?: number | undefined;
}

function transfersOfAccount(ex: Executor, f: AccountTransferFilter) {
  let q = ex
    .selectFrom('transfers')
    .where((eb) =>
      eb.or([
        eb.and([eb('from_account_id', '=', f.accountId), IN_STATEMENT]),
        eb.and([eb('to_account_id', '=', f.accountId), IN_STATEMENT]),
      ]),
    )
    .where('kind', 'in', f.kinds);
  if (f.fromMs !== undefined) q = q.where('created_at_ms', '>=', f.fromMs);
  if (f.toMs !== undefined) q = q.where('created_at_ms', '<', f.toMs);
  return q;
}

export function listTransfersOfAccount(
  ex: Executor,
  f: AccountTransferFilter,
  page: { limit: number; offset: number },
) {
  return transfersOfAccount(ex, f)
    .selectAll()
    .orderBy('created_at_ms', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countAndSumTransfersOfAccount(ex: Executor, f: AccountTransferFilter) {
  const row = await transfersOfAccount(ex, f)
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number | null>('amount').as('sum')])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), sum: Number(row.sum ?? 0) };
}

/** Accounts whose stored balance differs from the sum of their transfers (should be none). */
export function findUnbalancedAccounts(ex: Executor) {
  const incoming = ex
    .selectFrom('transfers')
    .select(['to_account_id as account_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .groupBy('to_account_id')
    .as('incoming');
  const outgoing = ex
    .selectFrom('transfers')
    .select(['from_account_id as account_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .groupBy('from_account_id')
    .as('outgoing');
  return ex
    .selectFrom('accounts')
    .leftJoin(incoming, 'incoming.account_id', 'accounts.id')
    .leftJoin(outgoing, 'outgoing.account_id', 'accounts.id')
    .select([
      'accounts.id',
      'accounts.code',
      'accounts.balance',
      sql<number>`coalesce(incoming.total, 0) - coalesce(outgoing.total, 0)`.as('computed'),
    ])
    .where(sql<boolean>`accounts.balance <> coalesce(incoming.total, 0) - coalesce(outgoing.total, 0)`)
    .execute();
}

export async function ledgerTotals(ex: Executor) {
  const row = await ex
    .selectFrom('accounts')
    .select((eb) => [
      eb.fn.sum<number>('balance').as('sum'),
      eb.fn
        .countAll<number>()
        .filterWhere((w) => w.and([w('kind', '=', 'player'), w('balance', '<', riel(0))]))
        .as('negative_players'),
      eb.fn.countAll<number>().as('accounts'),
    ])
    .executeTakeFirstOrThrow();
  return {
    sumOfBalances: Number(row.sum ?? 0),
    negativePlayerAccounts: Number(row.negative_players),
    accounts: Number(row.accounts),
  };
}

// Batched forms for settlement and refunds (many credits from one system account in one transaction).

const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export async function findPlayerAccounts(ex: Executor, playerIds: readonly number[]) {
  const rows = [];
  for (const part of chunks(playerIds)) {
    rows.push(
      ...(await ex
        .selectFrom('accounts')
        .select(['id', 'player_id'])
        .where('player_id', 'in', part)
        .execute()),
    );
  }
  return rows;
}

export async function findTransfersByKeys(ex: Executor, keys: readonly string[]) {
  const rows = [];
  for (const part of chunks(keys)) {
    rows.push(
      ...(await ex.selectFrom('transfers').selectAll().where('idempotency_key', 'in', part).execute()),
    );
  }
  return rows;
}
