import type SQLite from 'better-sqlite3';
import type { BetType, Pool, Post, Riel, RoundStatus } from '@lotto59/domain';
import type { BetGroupKind } from '../lotto59.table';
import { BET_RECORD_SQL, BETS_WITH_ROUND_SQL } from './bet-outcome.repository';
import type { NewBetRow } from './bet-record';
import type { BetRow } from './bets.repository';

/**
 * The SQL of bet placement inside a SQLite group commit, as prepared statements: better-sqlite3 runs
 * them synchronously inside the wallet's batch transaction (bets.group-commit.ts). The same reads and
 * writes as `bets.repository.ts` does through Kysely for one submission.
 */
export class BetSqliteStatements {
  private readonly groupByKey;
  private readonly betsOfGroup;
  private readonly round;
  private readonly jackpotLines;
  private readonly insertGroupStatement;
  private readonly insertBetStatement;

  constructor(sqlite: SQLite.Database) {
    this.groupByKey = sqlite.prepare<
      [number, string],
      { id: number; request_hash: string; balance_after: Riel }
    >(
      'select id, request_hash, balance_after from lotto59_bet_groups where player_id = ? and idempotency_key = ?',
    );
    this.betsOfGroup = sqlite.prepare<[number], BetRow>(
      `select ${BET_RECORD_SQL} from ${BETS_WITH_ROUND_SQL} where b.group_id = ? order by b.id`,
    );
    this.round = sqlite.prepare<[number], { poll: Pool; status: RoundStatus; close_at_ms: number }>(
      'select poll, status, close_at_ms from lotto59_rounds where id = ?',
    );
    this.jackpotLines = sqlite.prepare<[number, number], { n: number }>(
      `select count(*) as n from lotto59_bets where group_id in (select id from lotto59_bet_groups
         where player_id = ? and round_id = ? and kind = 'JACKPOT')`,
    );
    this.insertGroupStatement = sqlite.prepare<
      [number, number, BetGroupKind, string, string, Riel, Riel, number, number]
    >(
      `insert into lotto59_bet_groups (player_id, round_id, kind, idempotency_key, request_hash, amount,
         balance_after, stake_transfer_id, created_at_ms) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertBetStatement = sqlite.prepare<
      [
        number,
        number,
        number,
        Pool,
        BetType,
        Post | null,
        number | null,
        string | null,
        Riel,
        number | null,
        number,
      ]
    >(
      `insert into lotto59_bets (group_id, round_id, player_id, poll, type, post, number, numbers, amount,
         rate_hundredths, created_at_ms) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  findGroupByKey(playerId: number, idempotencyKey: string) {
    return this.groupByKey.get(playerId, idempotencyKey);
  }

  betsOfGroupOf(groupId: number): BetRow[] {
    return this.betsOfGroup.all(groupId);
  }

  findRound(roundId: number) {
    return this.round.get(roundId);
  }

  countJackpotLines(playerId: number, roundId: number): number {
    return Number(this.jackpotLines.get(playerId, roundId)?.n ?? 0);
  }

  /** The group row (it records the submission's key); its id. */
  insertGroup(g: {
    playerId: number;
    roundId: number;
    kind: BetGroupKind;
    idempotencyKey: string;
    requestHash: string;
    amount: Riel;
    balanceAfter: Riel;
    stakeTransferId: number;
    createdAtMs: number;
  }): number {
    const { lastInsertRowid } = this.insertGroupStatement.run(
      g.playerId,
      g.roundId,
      g.kind,
      g.idempotencyKey,
      g.requestHash,
      g.amount,
      g.balanceAfter,
      g.stakeTransferId,
      g.createdAtMs,
    );
    return Number(lastInsertRowid);
  }

  /** One bet row (new: pending, no payout, the rate it was sold at); its id. */
  insertBet(
    b: Pick<
      NewBetRow,
      | 'group_id'
      | 'round_id'
      | 'player_id'
      | 'poll'
      | 'type'
      | 'post'
      | 'number'
      | 'numbers'
      | 'amount'
      | 'rate_hundredths'
      | 'created_at_ms'
    >,
  ): number {
    const { lastInsertRowid } = this.insertBetStatement.run(
      b.group_id,
      b.round_id,
      b.player_id,
      b.poll,
      b.type,
      b.post,
      b.number,
      b.numbers,
      b.amount,
      b.rate_hundredths,
      b.created_at_ms,
    );
    return Number(lastInsertRowid);
  }
}
