import type { RawBuilder } from 'kysely';
import {
  formatDateTime,
  rgCountsOf,
  rgDecide,
  rgPlayState,
  rgTightest,
  type RgMovement,
} from '@lotto59/domain';
import type { Db, Executor } from '../../db/database';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../platform/clock';
import type { DebitGuard } from '../wallet/wallet.public';
import {
  findRgRow,
  RG_STAKE_TAKEN,
  rgCountCtePg,
  rgCountManyPg,
  rgUpsertPg,
  rgStakeCtePg,
  type RgJudge,
} from './rg.counters.repository';
import { rgStateOf, type RgRow } from './rg-state';
import { rgSqliteStatementsOf, type RgSqliteStatements } from './sqlite/counters.repository';

function judgeOf(movement: RgMovement): RgJudge {
  if (movement === 'DEPOSIT') return 'DEPOSIT';
  return rgCountsOf(movement, 1).wager > 0 ? 'STAKE' : 'NONE';
}

/** A one-statement debit's condition on its player half (RgGuard.stakeCte). */
export { RG_COUNTED, RG_STAKE_TAKEN } from './rg.counters.repository';

/** The refusal of a movement the conditional upsert did not take, in the contract's words. */
export function rgRefusal(
  row: RgRow | undefined,
  movement: RgMovement,
  amount: number,
  nowMs: number,
): AppError {
  const state = rgStateOf(row, nowMs);
  const decision = rgDecide(nowMs, movement, amount, state);
  if (decision.ok) {
    // Changed between the statement and this read (a limit lowered, a period over): the statement's word stands.
    const tightest = rgTightest(state.limits, movement);
    return limitReached(tightest?.kind ?? 'WAGER', tightest?.period ?? 'DAY', tightest?.remaining ?? 0);
  }
  if (decision.code === 'LIMIT_REACHED')
    return limitReached(decision.kind, decision.period, decision.remaining);
  return playRefusal(decision.code, decision.until);
}

function limitReached(
  kind: 'LOSS' | 'WAGER' | 'DEPOSIT',
  period: 'DAY' | 'WEEK' | 'MONTH',
  remaining: number,
) {
  return new AppError(
    'LIMIT_REACHED',
    `This is over your ${kind.toLowerCase()} limit per ${period.toLowerCase()}: ${remaining} riel left.`,
    { details: { remaining, kind, period } },
  );
}

function playRefusal(code: 'ON_BREAK' | 'SELF_EXCLUDED', until: number): AppError {
  const when = formatDateTime(until);
  const message =
    code === 'ON_BREAK'
      ? `You are taking a break. You can play again from ${when}.`
      : `You have excluded yourself from play. You can play again from ${when}.`;
  return new AppError(code, message, { details: { until } });
}

/**
 * Responsible gaming where money moves (spec §3). Each stake's debit transaction judges and counts the stake
 * BEFORE its debit, against the break, the exclusion and every limit, in one conditional upsert; a refusal
 * is an AppError and nothing was written. Three forms, one rule (rg.counters.repository.ts):
 *  - `stakeInUnit`: synchronous, inside a synchronous unit of prepared statements on the database that
 *    runs them (SQLite: stake batches, the seamless wallet's savepoints, Kysely transactions all hold that
 *    one connection);
 *  - `stakeCte` / `debitGuard`: in the debit's own statement (PostgreSQL), `refusalOfCte` saying why;
 *  - `stakeWithin`: in the caller's transaction, whatever the database.
 * Payouts are counted (`countInUnit`, `countWithin`, `countManyWithin`) and never refused.
 */
export class RgGuard {
  /** SQLite: the counters' prepared statements (made on first use); undefined on PostgreSQL. */
  private readonly sqlite: (() => RgSqliteStatements) | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.sqlite = rgSqliteStatementsOf(db);
  }

  private sql(): RgSqliteStatements {
    if (!this.sqlite) throw new Error('responsible gaming: SQLite statements on PostgreSQL');
    return this.sqlite();
  }

  /** SQLite: judges and counts a stake (or a deposit) inside the transaction holding the handle; throws the refusal. */
  stakeInUnit(playerId: number, movement: RgMovement, amount: number, nowMs = this.clock.nowMs()): void {
    const judge = judgeOf(movement);
    if (this.sql().upsert(judge, playerId, rgCountsOf(movement, amount), nowMs)) return;
    throw rgRefusal(this.sql().rowOf(playerId), movement, amount, nowMs);
  }

  /** SQLite stake batch: takes back the count of a stake whose debit was then refused (no savepoint there). */
  uncountInUnit(playerId: number, movement: RgMovement, amount: number, nowMs: number): void {
    const c = rgCountsOf(movement, amount);
    this.sql().upsert('NONE', playerId, { wager: -c.wager, payout: -c.payout, deposit: -c.deposit }, nowMs);
  }

  /** SQLite: counts a payout (never refused). */
  countInUnit(playerId: number, movement: RgMovement, amount: number, nowMs = this.clock.nowMs()): void {
    if (amount === 0) return;
    this.sql().upsert('NONE', playerId, rgCountsOf(movement, amount), nowMs);
  }

  /** PostgreSQL: judges and counts a stake (or a deposit) in the caller's transaction, under the row's lock. */
  private async stakeByStatement(
    trx: Executor,
    playerId: number,
    movement: RgMovement,
    amount: number,
    nowMs = this.clock.nowMs(),
  ): Promise<void> {
    if (await rgUpsertPg(trx, judgeOf(movement), playerId, rgCountsOf(movement, amount), nowMs)) return;
    throw rgRefusal(await findRgRow(trx, playerId), movement, amount, nowMs);
  }

  /**
   * PostgreSQL: the same judge-and-count as a CTE named `rg_stake`, for a debit written in ONE statement (the
   * seamless wallet's bet): the caller makes its player half conditional on `RG_STAKE_TAKEN`, so the rg row is
   * locked before the account, as every stake does, and a refused stake moves nothing. When the statement moved
   * nothing and `rg_stake` took nothing, `refusalOfCte` says why.
   */
  stakeCte(playerId: number, movement: RgMovement, amount: number, nowMs: number): RawBuilder<unknown> {
    return rgStakeCtePg(judgeOf(movement), playerId, rgCountsOf(movement, amount), nowMs);
  }

  /**
   * PostgreSQL: the count of a payout as the CTE `rg_count` of the caller's one statement (the seamless
   * wallet's win), made only when `onlyIf` holds; the caller's credit is conditional on `RG_COUNTED`.
   */
  countCte(
    playerId: number,
    movement: RgMovement,
    amount: number,
    nowMs: number,
    onlyIf: RawBuilder<boolean>,
  ): RawBuilder<unknown> {
    return rgCountCtePg(playerId, rgCountsOf(movement, amount), nowMs, onlyIf);
  }

  /** PostgreSQL: the refusal of a stake `rg_stake` did not take. */
  async refusalOfCte(
    trx: Executor,
    playerId: number,
    movement: RgMovement,
    amount: number,
    nowMs: number,
  ): Promise<AppError> {
    return rgRefusal(await findRgRow(trx, playerId), movement, amount, nowMs);
  }

  private async countByStatement(
    trx: Executor,
    playerId: number,
    movement: RgMovement,
    amount: number,
    nowMs = this.clock.nowMs(),
  ) {
    if (amount === 0) return;
    await rgUpsertPg(trx, 'NONE', playerId, rgCountsOf(movement, amount), nowMs);
  }

  /**
   * The judge-and-count of a stake for the wallet to run before it locks any account
   * (`WalletService.transferWithin`'s guard): on PostgreSQL in the transfer's first statement, so the check
   * adds no round trip to the debit's transaction.
   */
  debitGuard(playerId: number, movement: RgMovement, amount: number, nowMs = this.clock.nowMs()): DebitGuard {
    return {
      now: () => this.stakeInUnit(playerId, movement, amount, nowMs),
      inStatement: {
        cte: this.stakeCte(playerId, movement, amount, nowMs),
        taken: RG_STAKE_TAKEN,
        refusal: (trx) => this.refusalOfCte(trx, playerId, movement, amount, nowMs),
      },
    };
  }

  /** Either dialect, inside the caller's transaction. */
  async stakeWithin(trx: Executor, playerId: number, movement: RgMovement, amount: number, nowMs?: number) {
    if (this.sqlite) this.stakeInUnit(playerId, movement, amount, nowMs);
    else await this.stakeByStatement(trx, playerId, movement, amount, nowMs);
  }

  async countWithin(trx: Executor, playerId: number, movement: RgMovement, amount: number, nowMs?: number) {
    if (this.sqlite) this.countInUnit(playerId, movement, amount, nowMs);
    else await this.countByStatement(trx, playerId, movement, amount, nowMs);
  }

  /**
   * Many payouts at once (settlement, a void's refunds), counted BEFORE the credits: the rg rows are locked
   * before the accounts on every path, as a stake does, so a payout and a stake never wait on each other
   * in opposite orders. Never refused.
   */
  async countManyWithin(
    trx: Executor,
    movement: RgMovement,
    credits: readonly { playerId: number; amount: number }[],
    nowMs = this.clock.nowMs(),
  ): Promise<void> {
    const byPlayer = new Map<number, number>();
    for (const c of credits)
      if (c.amount > 0) byPlayer.set(c.playerId, (byPlayer.get(c.playerId) ?? 0) + c.amount);
    if (this.sqlite) {
      for (const [playerId, amount] of byPlayer) this.countInUnit(playerId, movement, amount, nowMs);
      return;
    }
    await rgCountManyPg(
      trx,
      [...byPlayer].map(([playerId, amount]) => ({ playerId, counts: rgCountsOf(movement, amount) })),
      nowMs,
    );
  }

  /** At a game launch or `settoken`: refused during a break or an exclusion (no token for a player who may not play). */
  async assertMayPlay(playerId: number, ex: Executor = this.db): Promise<void> {
    const state = await this.playStateOf(playerId, ex);
    if (!state.ok && state.code !== 'LIMIT_REACHED') throw playRefusal(state.code, state.until);
  }

  /** Whether a break or an exclusion stops the player's play now (a limit does not). */
  async mayNotPlay(playerId: number, ex: Executor = this.db): Promise<boolean> {
    const state = await this.playStateOf(playerId, ex);
    return !state.ok && state.code !== 'LIMIT_REACHED';
  }

  private async playStateOf(playerId: number, ex: Executor) {
    const row = await findRgRow(ex, playerId);
    return rgPlayState(this.clock.nowMs(), {
      breakUntilMs: row?.break_until_ms ?? null,
      excludedUntilMs: row?.excluded_until_ms ?? null,
    });
  }

  /** The same, synchronously on SQLite (the seamless wallet's unit). */
  playRefusalInUnit(playerId: number): 'ON_BREAK' | 'SELF_EXCLUDED' | undefined {
    const row = this.sql().rowOf(playerId);
    const state = rgPlayState(this.clock.nowMs(), {
      breakUntilMs: row?.break_until_ms ?? null,
      excludedUntilMs: row?.excluded_until_ms ?? null,
    });
    return state.ok || state.code === 'LIMIT_REACHED' ? undefined : state.code;
  }
}
