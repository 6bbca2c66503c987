import type { Riel } from '@lotto59/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../../db/database';
import type * as repo from '../wallet.repository';
import { insertTransfers } from './insert-transfers.repository';
import { pgArray } from '../../../db/pg-array';

/** A transfer row before its balances are known. */
export type NewTransferRow = Omit<repo.NewTransferRow, 'from_balance_after' | 'to_balance_after'>;

/** The player's half of a transfer (`playerLegCtes`): the player's balance after on its side, null on the other. */
export interface MovedRow {
  id: null;
  from_balance_after: Riel | null;
  to_balance_after: Riel | null;
}

/**
 * A transfer between a player and a system account that may go negative (a provider's), written in two
 * halves in the caller's batch (decision 0045): the player's half now — `playerLegCtes`, the conditional
 * debit or the credit of the player's row, as `transfer_moved(id, from_balance_after, to_balance_after)`
 * with the player's balance after on its side, null elsewhere, no row when the debit is not covered — and
 * the system account's half with the transfer row at the batch's end (`writeSystemLegs`), once for every
 * transfer of the batch. So the system row, which every move of a provider touches, is locked for one
 * statement and the COMMIT per batch instead of from the batch's first move to its COMMIT.
 */
export function playerLegCtes(leg: {
  accountId: number;
  amount: Riel;
  side: 'from' | 'to';
  /** The caller's condition on its own CTEs (a win's claim): nothing is written unless it holds. */
  onlyIf?: RawBuilder<boolean> | undefined;
}) {
  const amount = sql`cast(${leg.amount} as bigint)`;
  const onlyIf = leg.onlyIf ? sql`and ${leg.onlyIf}` : sql``;
  const change =
    leg.side === 'from'
      ? sql`balance - ${amount} where id = cast(${leg.accountId} as bigint)
            and (may_go_negative = 1 or balance >= ${amount}) ${onlyIf}`
      : sql`balance + ${amount} where id = cast(${leg.accountId} as bigint) ${onlyIf}`;
  const after = (side: 'from' | 'to') => (leg.side === side ? sql`balance` : sql`cast(null as bigint)`);
  return sql`
    transfer_moved as (
      update accounts set balance = ${change}
      returning cast(null as bigint) as id, ${after('from')} as from_balance_after, ${after('to')} as to_balance_after)`;
}

/** Runs `playerLegCtes` alone: the row of `transfer_moved`, none when the debit is not covered. */
export async function movedBy(ex: Executor, ctes: RawBuilder<unknown>): Promise<MovedRow | undefined> {
  const { rows } = await sql<MovedRow>`with ${ctes} select * from transfer_moved`.execute(ex);
  return rows[0];
}

/** A transfer whose player half is written (`playerLegCtes`); its system half and row wait for the batch's end. */
export interface SystemLeg extends NewTransferRow {
  systemAccountId: number;
  playerBalanceAfter: Riel;
}

/**
 * The system halves and the transfer rows of a batch's legs, in ONE statement: the system accounts locked
 * in id order, each changed once by the sum of its legs, and one transfer row per leg in the batch's order
 * with the player's balance after (written by its half) and the system account's as if the legs had come
 * one by one (a running sum), so the ledger reconciles at the COMMIT. Returns the number of rows written.
 */
export async function writeSystemLegs(ex: Executor, legs: readonly SystemLeg[]): Promise<number> {
  const column = <K extends keyof SystemLeg>(key: K) => legs.map((l) => l[key]);
  const { rows } = await sql<{ written: string }>`
    with leg as (
      select * from unnest(
        cast(${pgArray(legs.map((_, i) => i))} as integer[]), cast(${pgArray(column('idempotency_key'))} as text[]),
        cast(${pgArray(column('request_hash'))} as text[]), cast(${pgArray(column('kind'))} as text[]),
        cast(${pgArray(column('from_account_id'))} as bigint[]), cast(${pgArray(column('to_account_id'))} as bigint[]),
        cast(${pgArray(column('amount'))} as bigint[]), cast(${pgArray(column('playerBalanceAfter'))} as bigint[]),
        cast(${pgArray(column('systemAccountId'))} as bigint[]), cast(${pgArray(column('reference'))} as text[]),
        cast(${pgArray(column('note'))} as text[]), cast(${pgArray(column('created_at_ms'))} as bigint[]))
        as l(ord, idempotency_key, request_hash, kind, from_account_id, to_account_id, amount, player_balance,
             system_id, reference, note, created_at_ms)),
    signed as (
      select leg.*, case when to_account_id = system_id then amount else -amount end as change from leg),
    net as (select system_id, sum(change) as change from signed group by system_id),
    system_locked as (
      select id from accounts where id in (select system_id from net) order by id for update),
    system_after as (
      update accounts set balance = accounts.balance + net.change
      from net
      where accounts.id = net.system_id and (select count(*) from system_locked) = (select count(*) from net)
      returning accounts.id, accounts.balance),
    written as (
      ${insertTransfers(sql`select idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
        case when from_account_id = system_id then system_balance else player_balance end,
        case when to_account_id = system_id then system_balance else player_balance end,
        reference, note, created_at_ms
      from (
        select s.*, a.balance - sum(s.change) over (partition by s.system_id)
          + sum(s.change) over (partition by s.system_id order by s.ord) as system_balance
        from signed s join system_after a on a.id = s.system_id) running
      order by ord`)}
      returning 1)
    select count(*)::text as written from written`.execute(ex);
  return Number(rows[0]?.written ?? 0);
}
