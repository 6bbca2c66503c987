import type { Riel } from '@lotto59/domain';
import { sql, type RawBuilder } from 'kysely';
import { requestHash } from './wallet.service';

export interface StakeSqlCommand {
  playerAccountId: number;
  houseAccountId: number;
  amount: Riel;
  idempotencyKey: string;
  reference: string;
  nowMs: number;
  /** Name of a CTE of the caller's statement: the stake is taken only if it has a row. */
  gate: string;
}

/**
 * The stake transfer player → house as common table expressions, for a caller that writes its own rows in
 * the SAME statement (PostgreSQL: one round trip per bet). The rows are those of `transferWithin`: the
 * same key, request hash and balances after, a conditional debit, the house locked first (the ledger's
 * lock order). Exposes `stake(id, from_balance_after)`; no row means nothing was taken (no money, a used
 * key, or a closed gate), and the caller finds out why on its slow path.
 */
export function stakeCtes(c: StakeSqlCommand): RawBuilder<unknown> {
  const amount = sql`cast(${c.amount} as bigint)`;
  const hash = requestHash(
    {
      idempotencyKey: c.idempotencyKey,
      kind: 'bet_stake',
      from: { accountId: c.playerAccountId },
      to: { accountId: c.houseAccountId },
      amount: c.amount,
      reference: c.reference,
    },
    c.playerAccountId,
    c.houseAccountId,
  );
  const gate = sql.table(c.gate);
  return sql`
    stake_house as (
      select id from accounts where id = cast(${c.houseAccountId} as bigint) and exists (select 1 from ${gate})
      for update),
    stake_debit as (
      update accounts set balance = balance - ${amount}
      where id = cast(${c.playerAccountId} as bigint) and (may_go_negative = 1 or balance >= ${amount})
        and exists (select 1 from stake_house)
        and not exists (select 1 from transfers where idempotency_key = ${c.idempotencyKey})
      returning id, balance),
    stake_credit as (
      update accounts set balance = balance + ${amount}
      where id = (select id from stake_house) and exists (select 1 from stake_debit)
      returning id, balance),
    stake as (
      insert into transfers (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
        from_balance_after, to_balance_after, reference, note, created_at_ms)
      select ${c.idempotencyKey}, ${hash}, 'bet_stake', stake_debit.id, stake_credit.id, ${amount},
        stake_debit.balance, stake_credit.balance, ${c.reference}, null, cast(${c.nowMs} as bigint)
      from stake_debit, stake_credit
      returning id, from_balance_after)`;
}
