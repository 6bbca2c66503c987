import type { Riel } from '@lotto59/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/db-errors';
import type { Clock } from '../../platform/clock';
import type { WalletService } from '../wallet/wallet.service';
import { stakeCtes } from '../wallet/wallet.stake-sql';
import type { BetPlan } from './bet-plan';
import { toBetRecord } from './bet-record';
import type { BetWriter, WrittenSubmission } from './bets.kysely-writer';
import { stakeKeyOf, type BetRow } from './bets.repository';

/**
 * PostgreSQL: a new submission is ONE statement (one round trip, its own transaction): the round check
 * under a share lock, the idempotency check, the stake (wallet.stake-sql.ts: house locked first, then
 * the conditional debit), the group and the bets. The house row — which every stake updates — is held
 * only while that statement runs and commits. Whenever the statement writes nothing (a replay, a refusal,
 * a jackpot submission with its per-round limit, a lost race), the submission goes to the
 * transaction-per-submission writer, which answers exactly (first answer, or the refusal's message).
 */
export class PgBetWriter implements BetWriter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wallet: WalletService,
    private readonly slowPath: BetWriter,
  ) {}

  async write(playerId: number, key: string, plan: BetPlan): Promise<WrittenSubmission> {
    if (plan.kind !== 'BET') return this.slowPath.write(playerId, key, plan);
    try {
      const rows = await this.tryOneStatement(playerId, key, plan);
      if (rows.length === plan.bets.length) {
        return {
          replayed: false,
          response: {
            group_id: rows[0]!.group_id,
            bets: rows.map(toBetRecord),
            balance: Number(rows[0]!.balance_after),
          },
        };
      }
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    return this.slowPath.write(playerId, key, plan);
  }

  private async tryOneStatement(playerId: number, key: string, plan: BetPlan) {
    const nowMs = this.clock.nowMs();
    const accounts = await this.wallet.stakeAccounts(playerId);
    const stake = stakeCtes({
      ...accounts,
      amount: plan.totalRiel as Riel,
      idempotencyKey: stakeKeyOf(key, playerId),
      reference: `lotto59-round:${plan.roundId}`,
      nowMs,
      gate: 'bet_gate',
    });
    const b = plan.bets;
    const { rows } = await sql<BetRow & { balance_after: number }>`
      with
      bet_round as (
        select id from lotto59_rounds
        where id = cast(${plan.roundId} as bigint) and status = 'OPEN' and poll = ${plan.poll}
          and close_at_ms > cast(${nowMs} as bigint)
        for share),
      bet_gate as (
        select 1 from bet_round
        where not exists (
          select 1 from lotto59_bet_groups
          where player_id = cast(${playerId} as bigint) and idempotency_key = ${key})),
      ${stake},
      bet_group as (
        insert into lotto59_bet_groups (player_id, round_id, kind, idempotency_key, request_hash, amount,
          balance_after, stake_transfer_id, created_at_ms)
        select cast(${playerId} as bigint), cast(${plan.roundId} as bigint), 'BET', ${key}, ${plan.requestHash},
          cast(${plan.totalRiel} as bigint), stake.from_balance_after, stake.id, cast(${nowMs} as bigint)
        from stake
        returning id, balance_after),
      bet_rows as (
        insert into lotto59_bets (group_id, round_id, player_id, poll, type, post, number, numbers, amount,
          created_at_ms)
        select bet_group.id, cast(${plan.roundId} as bigint), cast(${playerId} as bigint), ${plan.poll},
          item.type, item.post, item.number, null, item.amount, cast(${nowMs} as bigint)
        from bet_group,
          unnest(cast(${b.map((x) => x.type)} as text[]), cast(${b.map((x) => x.post)} as text[]),
            cast(${b.map((x) => x.number)} as integer[]), cast(${b.map((x) => x.amount)} as bigint[]))
            with ordinality as item(type, post, number, amount, ord)
        order by item.ord
        returning *)
      select bet_rows.*, bet_group.balance_after from bet_rows, bet_group order by bet_rows.id`.execute(
      this.db,
    );
    return rows;
  }
}
