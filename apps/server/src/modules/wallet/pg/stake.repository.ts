import { sql, type RawBuilder } from 'kysely';
import { insertTransfers } from './insert-transfers.repository';

export interface StakeBatchSql {
  houseAccountId: number;
  nowMs: number;
  /**
   * Name of a CTE of the caller's statement with one row per stake to take, and AT MOST ONE ROW PER
   * ACCOUNT (an UPDATE … FROM applies only one of several matches): `ord` (the order of the transfers),
   * `account_id`, `amount`, `stake_key`, `stake_hash` (the ledger's `requestHash`), `reference`.
   */
  source: string;
}

/**
 * Many stakes player → house as common table expressions, for a caller that writes its own rows in the
 * SAME statement (PostgreSQL group commit: one round trip and one commit for a batch of bets). The rows
 * are those of `transferWithin`: one transfer per stake with its key, request hash and both balances
 * after; a conditional debit per player; the house locked first (the ledger's lock order) and credited
 * ONCE with the sum, each transfer row recording the house balance as if the credits had come one by one
 * in `ord` order, so the ledger reconciles at every commit.
 *
 * Exposes `stake(id, idempotency_key, from_balance_after)`: a source row without a `stake` row took
 * nothing (no money, or its key is used), and the caller finds out why on its slow path.
 */
export function stakeBatchCtes(c: StakeBatchSql): RawBuilder<unknown> {
  const source = sql.table(c.source);
  return sql`
    stake_house as (
      select id from accounts where id = cast(${c.houseAccountId} as bigint) and exists (select 1 from ${source})
      for update),
    stake_debit as (
      update accounts set balance = accounts.balance - s.amount
      from ${source} s
      where accounts.id = s.account_id and (accounts.may_go_negative = 1 or accounts.balance >= s.amount)
        and exists (select 1 from stake_house)
        and not exists (select 1 from transfers where idempotency_key = s.stake_key)
      returning s.ord, s.account_id, s.amount, s.stake_key, s.stake_hash, s.reference, accounts.balance),
    stake_credit as (
      update accounts set balance = balance + (select sum(amount) from stake_debit)
      where id = (select id from stake_house) and exists (select 1 from stake_debit)
      returning id, balance),
    stake as (
      ${insertTransfers(sql`select d.stake_key, d.stake_hash, 'bet_stake', d.account_id, c.id, d.amount, d.balance,
        c.balance - sum(d.amount) over () + sum(d.amount) over (order by d.ord), d.reference, null,
        cast(${c.nowMs} as bigint)
      from stake_debit d, stake_credit c
      order by d.ord`)}
      returning id, idempotency_key, from_balance_after)`;
}
