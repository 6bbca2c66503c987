import type SQLite from 'better-sqlite3';
import type { Riel } from '@lotto59/domain';
import type { Insertable } from 'kysely';
import type { TokenRow } from '../../launch/tokens.repository';
import type { BetWin, RoundBet, RoundWin, TransactionRow } from '../seamless-wallet.repository';
import type { ProviderCode, ProviderTransactionsTable } from '../../providers.table';

type NewTransaction = Insertable<ProviderTransactionsTable>;

/**
 * The seamless wallet's SQL on SQLite as prepared statements (sqlite/moves.ts): the same
 * statements as `seamless-wallet.repository.ts` writes through Kysely, run synchronously by better-sqlite3
 * inside the moves' group commit (≈ 3 µs each against ≈ 15–35 µs through Kysely, docs/performance.md).
 */
export class SqliteProviderStatements {
  private readonly tokenByHash;
  private readonly transactionById;
  private readonly insertTransactionRow;
  private readonly markRolledBackRow;
  private readonly winOfRound;
  private readonly upsertRoundBet;
  private readonly roundWinOpen;
  private readonly roundWinClosing;
  private readonly betOneWin;
  private readonly betWinWithinMultiple;
  private readonly roundLock;
  private readonly roundBetRolledBack;
  private readonly tokenExtension;

  constructor(sqlite: SQLite.Database) {
    this.tokenByHash = sqlite.prepare<[string], TokenRow>(
      'select * from provider_tokens where token_hash = ?',
    );
    this.transactionById = sqlite.prepare<[ProviderCode, string], TransactionRow>(
      'select * from provider_transactions where provider = ? and transaction_uuid = ?',
    );
    this.insertTransactionRow = sqlite.prepare<
      [
        ProviderCode,
        string,
        string,
        number,
        string,
        string,
        Riel,
        string | null,
        string,
        string,
        0 | 1,
        number,
      ]
    >(
      `insert into provider_transactions (provider, transaction_uuid, action, player_id, game_code, round_id,
         amount, reference_transaction_uuid, request_hash, response_json, rolled_back, created_at_ms)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.markRolledBackRow = sqlite.prepare<[ProviderCode, string]>(
      `update provider_transactions set rolled_back = 1
       where provider = ? and transaction_uuid = ? and action = 'bet' and rolled_back = 0`,
    );
    this.winOfRound = sqlite.prepare<[ProviderCode, string], { transaction_uuid: string }>(
      `select transaction_uuid from provider_transactions where provider = ? and round_id = ? and action = 'win'`,
    );
    this.upsertRoundBet = sqlite.prepare<
      [ProviderCode, string, number, string, Riel, string | null, number, Riel, string | null]
    >(
      `insert into provider_rounds (provider, round_id, player_id, game_code, stake, payout, status, bet_meta,
         win_meta, created_at_ms, closed_at_ms)
       values (?, ?, ?, ?, ?, 0, 'OPEN', ?, null, ?, null)
       on conflict (provider, round_id) do update set
         stake = provider_rounds.stake + ?, bet_meta = coalesce(?, provider_rounds.bet_meta), status = 'OPEN'
       where provider_rounds.player_id = excluded.player_id and provider_rounds.status <> 'CLOSED'`,
    );
    this.roundWinOpen = sqlite.prepare<[Riel, string | null, ProviderCode, string]>(
      `update provider_rounds set payout = payout + ?, win_meta = coalesce(?, win_meta)
       where provider = ? and round_id = ? and status <> 'CLOSED'`,
    );
    this.roundWinClosing = sqlite.prepare<[Riel, string | null, number, ProviderCode, string]>(
      `update provider_rounds set payout = payout + ?, win_meta = coalesce(?, win_meta), status = 'CLOSED',
         closed_at_ms = ?
       where provider = ? and round_id = ? and status <> 'CLOSED'`,
    );
    const betWin = `update provider_transactions set win_count = win_count + 1, win_total = win_total + ?
       where provider = ? and transaction_uuid = ? and action = 'bet' and rolled_back = 0 and player_id = ?
         and round_id = ?`;
    this.betOneWin = sqlite.prepare<[Riel, ProviderCode, string, number, string]>(
      `${betWin} and win_count = 0`,
    );
    this.betWinWithinMultiple = sqlite.prepare<
      [Riel, ProviderCode, string, number, string, Riel, number, number]
    >(`${betWin} and (win_total + ?) * ? <= amount * ?`);
    this.roundLock = sqlite.prepare<[ProviderCode, string]>(
      'update provider_rounds set status = status where provider = ? and round_id = ?',
    );
    this.roundBetRolledBack = sqlite.prepare<[Riel, Riel, Riel, number, ProviderCode, string]>(
      `update provider_rounds set stake = stake - ?,
         status = case when stake - ? = 0 then 'ROLLED_BACK' else status end,
         closed_at_ms = case when stake - ? = 0 then ? else closed_at_ms end
       where provider = ? and round_id = ?`,
    );
    this.tokenExtension = sqlite.prepare<[number, number, number, number]>(
      'update provider_tokens set expires_ms = ? where id = ? and expires_ms > ? and expires_ms < ?',
    );
  }

  findTokenByHash(tokenHash: string): TokenRow | undefined {
    return this.tokenByHash.get(tokenHash);
  }

  /** Slides a live token's expiry to `expiresMs` (already capped at its hard expiry by the caller). */
  extendToken(id: number, expiresMs: number, nowMs: number): void {
    this.tokenExtension.run(expiresMs, id, nowMs, expiresMs);
  }

  findTransaction(provider: ProviderCode, transactionUuid: string): TransactionRow | undefined {
    return this.transactionById.get(provider, transactionUuid);
  }

  insertTransaction(row: NewTransaction): void {
    this.insertTransactionRow.run(
      row.provider,
      row.transaction_uuid,
      row.action,
      row.player_id,
      row.game_code,
      row.round_id,
      row.amount,
      row.reference_transaction_uuid ?? null,
      row.request_hash,
      row.response_json,
      row.rolled_back,
      row.created_at_ms,
    );
  }

  /** Marks a bet rolled back; false when it already was. */
  markRolledBack(provider: ProviderCode, transactionUuid: string): boolean {
    return this.markRolledBackRow.run(provider, transactionUuid).changes === 1;
  }

  roundHasWin(provider: ProviderCode, roundId: string): boolean {
    return this.winOfRound.get(provider, roundId) !== undefined;
  }

  /**
   * A bet opens its round, or adds its stake to it (several bets of one round); false (nothing written)
   * when the round is another player's.
   */
  addRoundBet(row: RoundBet): boolean {
    return (
      this.upsertRoundBet.run(
        row.provider,
        row.roundId,
        row.playerId,
        row.gameCode,
        row.amount,
        row.meta,
        row.nowMs,
        row.amount,
        row.meta,
      ).changes === 1
    );
  }

  /**
   * A win's claim on its round and its bet (`claimWin` of seamless-wallet.repository.ts, decision 0042): the round
   * takes the payout unless CLOSED, then the bet counts the win if its rule leaves room for it. The caller
   * refuses, and its savepoint takes the round's update back, unless both changed a row.
   */
  claimWin(round: RoundWin, bet: BetWin): { roundOpen: boolean; betClaimed: boolean } {
    const roundOpen =
      (round.closed
        ? this.roundWinClosing.run(round.amount, round.meta, round.nowMs, round.provider, round.roundId)
        : this.roundWinOpen.run(round.amount, round.meta, round.provider, round.roundId)
      ).changes === 1;
    if (!roundOpen) return { roundOpen, betClaimed: false };
    const key = [round.amount, round.provider, bet.transactionUuid, bet.playerId, round.roundId] as const;
    const { rule } = bet;
    const claimed =
      rule.wins === 'ONE'
        ? this.betOneWin.run(...key)
        : this.betWinWithinMultiple.run(
            ...key,
            round.amount,
            rule.maxMultiple.denominator,
            rule.maxMultiple.numerator,
          );
    return { roundOpen, betClaimed: claimed.changes === 1 };
  }

  lockRound(provider: ProviderCode, roundId: string): void {
    this.roundLock.run(provider, roundId);
  }

  /** A rollback takes its bet's stake back out; a round left with no stake is ROLLED_BACK. */
  rollBackRoundBet(row: { provider: ProviderCode; roundId: string; amount: Riel; nowMs: number }): void {
    this.roundBetRolledBack.run(row.amount, row.amount, row.amount, row.nowMs, row.provider, row.roundId);
  }
}
