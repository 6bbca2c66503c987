import type {
  WalletBetRequest,
  WalletReply,
  WalletRollbackRequest,
  WalletWinRequest,
} from '@lotto59/contract';
import { riel, type Riel } from '@lotto59/domain';
import { isUniqueViolation, retryOnConflict } from '../../../../db/db-errors';
import { rawSqliteOf } from '../../../../db/create-db';
import type { Db } from '../../../../db/database';
import { AppError } from '../../../../errors/app-error';
import type { Clock } from '../../../../platform/clock';
import type { RgGuard } from '../../../responsible-gaming/responsible-gaming.public';
import type { MoveLane, SqliteTransfers, TransferCommand } from '../../../wallet/wallet.public';
import { providerAccount, winRuleOf } from '../../providers.catalog';
import type { ProviderTokens, TokenRow } from '../../launch/provider-tokens.service';
import { SqliteProviderStatements } from './statements.repository';
import type { ProviderCode } from '../../providers.table';
import {
  betHash,
  ledgerKey,
  metaText,
  rollbackHash,
  rgWalletRefusal,
  winHash,
  winRefusal,
} from '../seamless-wallet.moves';
import { decideBet, decideRollback, decideWin } from '../seamless-wallet.decide';
import type { PlayerFacts, SyncPlayerFacts } from '../../player-facts';
import { notEnoughMoney, ok, Refusal, refusal } from '../wallet-replies';

// The seamless wallet's bet, win and rollback on SQLite (decision 0021): each move is ONE synchronous
// unit of prepared statements on the raw handle inside the group commit (db/group-transaction.ts, a
// savepoint per move), from the transaction id's replay check to the last row. The facts the PostgreSQL
// path reads before its transaction (the id, the token, the login session, the player's flag) are read by
// the unit's first statements, and judged by the same decisions (seamless-wallet.decide.ts).
// Units of a batch run one after the other, so a replay, a rollback or a win sees every move before it.

export interface SqliteMoveDeps {
  sql: SqliteProviderStatements;
  transfers: SqliteTransfers;
  clock: Clock;
  tokens: Pick<ProviderTokens, 'isExpired' | 'slideOf' | 'hashOf'>;
  /** The login session's liveness and the operator's flag, read inside the unit. */
  facts: SyncPlayerFacts;
  /** The wallet's move lane: the process's write queue around the group commit. */
  lane: Pick<MoveLane, 'transact'>;
  maxBet: number;
  /** Responsible gaming: a bet judged and counted before its debit, wins and rollbacks counted. */
  rg: RgGuard;
}

/** Sync moves, each answered once its batch is committed; the answers of seamless-wallet.moves.ts. */
export class SqliteSeamlessMoves {
  constructor(private readonly deps: SqliteMoveDeps) {}

  /** `maintenance`: the site's switch as read before the move (it answers RS_ERROR_USER_DISABLED too). */
  bet(provider: ProviderCode, b: WalletBetRequest, maintenance: boolean): Promise<WalletReply> {
    const hash = betHash(b);
    const tokenHash = this.deps.tokens.hashOf(b.token);
    return this.run(() => {
      const { sql, transfers } = this.deps;
      const decision = decideBet(provider, b, hash, {
        transaction: sql.findTransaction(provider, b.transaction_uuid),
        token: sql.findTokenByHash(tokenHash),
        isSessionLive: (sessionId) => this.deps.facts.isSessionLive(sessionId),
        tokens: this.deps.tokens,
        maintenance,
        isDisabled: (playerId) => this.deps.facts.isDisabled(playerId),
        mayNotPlay: (playerId) => this.deps.rg.playRefusalInUnit(playerId) !== undefined,
        maxBet: this.deps.maxBet,
      });
      if ('reply' in decision) return decision.reply;
      const { token } = decision;
      const playerId = token.player_id;
      const amount = riel(b.amount);
      // Responsible gaming: judged and counted before the debit; the savepoint takes the count back if
      // the debit is then refused.
      try {
        this.deps.rg.stakeInUnit(playerId, 'SEAMLESS_BET', amount, this.deps.clock.nowMs());
      } catch (error) {
        const refused = rgWalletRefusal(error, b.request_uuid);
        if (refused) return refused.reply;
        throw error;
      }
      let balance: number;
      try {
        balance = this.moveMoney(
          {
            idempotencyKey: ledgerKey(provider, b.transaction_uuid),
            kind: 'provider_bet',
            from: { playerId },
            to: providerAccount(provider),
            amount,
            reference: b.round_id,
          },
          playerId,
          'from',
        );
      } catch (error) {
        // The conditional debit refused; the provider's credit before it rolls back with the savepoint.
        if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
          throw new Refusal(notEnoughMoney(b.request_uuid, b.user, transfers.playerBalance(playerId)));
        }
        throw error;
      }
      const reply = ok(b.request_uuid, b.user, balance);
      const nowMs = this.deps.clock.nowMs();
      sql.insertTransaction({
        provider,
        transaction_uuid: b.transaction_uuid,
        action: 'bet',
        player_id: playerId,
        game_code: b.game_code,
        round_id: b.round_id,
        amount,
        reference_transaction_uuid: null,
        request_hash: hash,
        response_json: JSON.stringify(reply),
        rolled_back: 0,
        created_at_ms: nowMs,
      });
      const ownRound = sql.addRoundBet({
        provider,
        roundId: b.round_id,
        playerId,
        gameCode: b.game_code,
        amount,
        meta: metaText(b.meta),
        nowMs,
      });
      // A round id already used for another player, or a CLOSED round (decision 0042): refused; the
      // savepoint takes the debit back.
      if (!ownRound) throw new Refusal(refusal('RS_ERROR_UNKNOWN', b.request_uuid));
      this.touch(token);
      return reply;
    });
  }

  win(provider: ProviderCode, b: WalletWinRequest): Promise<WalletReply> {
    const hash = winHash(b);
    const tokenHash = this.deps.tokens.hashOf(b.token);
    const rule = winRuleOf(b.game_code);
    return this.run(() => {
      const { sql } = this.deps;
      const decision = decideWin(provider, b, hash, {
        transaction: sql.findTransaction(provider, b.transaction_uuid),
        token: sql.findTokenByHash(tokenHash),
      });
      if ('reply' in decision) return decision.reply;
      const { token } = decision;
      const playerId = token.player_id;
      const amount = riel(b.amount);
      const nowMs = this.deps.clock.nowMs();
      // The round and the bet claimed first, each by a conditional update, as the PostgreSQL path does
      // (decision 0042). A refusal below rolls the claim back with the rest of the move's savepoint.
      const claim = sql.claimWin(
        {
          provider,
          roundId: b.round_id,
          amount,
          meta: metaText(b.meta),
          closed: b.round_closed,
          nowMs,
        },
        { transactionUuid: b.reference_transaction_uuid, playerId, rule },
      );
      if (!claim.roundOpen || !claim.betClaimed) {
        const bet = sql.findTransaction(provider, b.reference_transaction_uuid);
        throw new Refusal(winRefusal(bet, b, playerId, claim, rule));
      }
      this.deps.rg.countInUnit(playerId, 'SEAMLESS_WIN', amount, nowMs);
      const balance = this.moveMoney(
        {
          idempotencyKey: ledgerKey(provider, b.transaction_uuid),
          kind: 'provider_win',
          from: providerAccount(provider),
          to: { playerId },
          amount,
          reference: b.round_id,
        },
        playerId,
        'to',
      );
      const reply = ok(b.request_uuid, b.user, balance);
      sql.insertTransaction({
        provider,
        transaction_uuid: b.transaction_uuid,
        action: 'win',
        player_id: playerId,
        game_code: b.game_code,
        round_id: b.round_id,
        amount,
        reference_transaction_uuid: b.reference_transaction_uuid,
        request_hash: hash,
        response_json: JSON.stringify(reply),
        rolled_back: 0,
        created_at_ms: nowMs,
      });
      if (!this.deps.tokens.isExpired(token)) this.touch(token);
      return reply;
    });
  }

  rollback(provider: ProviderCode, b: WalletRollbackRequest): Promise<WalletReply> {
    const hash = rollbackHash(b);
    const tokenHash = this.deps.tokens.hashOf(b.token);
    return this.run(() => {
      const { sql, transfers } = this.deps;
      const decision = decideRollback(provider, b, hash, {
        transaction: sql.findTransaction(provider, b.transaction_uuid),
        token: sql.findTokenByHash(tokenHash),
      });
      if ('reply' in decision) return decision.reply;
      const { token } = decision;
      const playerId = token.player_id;
      const nowMs = this.deps.clock.nowMs();
      sql.lockRound(provider, b.round_id);
      const record = (amount: Riel, balance: number) => {
        const reply = ok(b.request_uuid, b.user, balance);
        sql.insertTransaction({
          provider,
          transaction_uuid: b.transaction_uuid,
          action: 'rollback',
          player_id: playerId,
          game_code: b.game_code,
          round_id: b.round_id,
          amount,
          reference_transaction_uuid: b.reference_transaction_uuid,
          request_hash: hash,
          response_json: JSON.stringify(reply),
          rolled_back: 0,
          created_at_ms: nowMs,
        });
        return reply;
      };
      const bet = sql.findTransaction(provider, b.reference_transaction_uuid);
      if (!bet) {
        // The bet never arrived (or is still on its way): a tombstone under its id refuses it later.
        sql.insertTransaction({
          provider,
          transaction_uuid: b.reference_transaction_uuid,
          action: 'tombstone',
          player_id: playerId,
          game_code: b.game_code,
          round_id: b.round_id,
          amount: riel(0),
          reference_transaction_uuid: b.transaction_uuid,
          request_hash: hash,
          response_json: '{}',
          rolled_back: 1,
          created_at_ms: nowMs,
        });
        return record(riel(0), transfers.playerBalance(playerId));
      }
      if (bet.action === 'tombstone') return record(riel(0), transfers.playerBalance(playerId));
      // Only bets are rolled back, only the player's own, and never one whose round has a win.
      if (bet.action !== 'bet' || bet.player_id !== playerId || bet.round_id !== b.round_id) {
        throw new Refusal(refusal('RS_ERROR_UNKNOWN', b.request_uuid));
      }
      // Rolled back already under another transaction id: answer the balance, move nothing.
      if (bet.rolled_back === 1) return record(riel(0), transfers.playerBalance(playerId));
      if (sql.roundHasWin(provider, bet.round_id) || !sql.markRolledBack(provider, bet.transaction_uuid)) {
        throw new Refusal(refusal('RS_ERROR_UNKNOWN', b.request_uuid));
      }
      this.deps.rg.countInUnit(playerId, 'ROLLBACK', bet.amount, nowMs);
      const balance = this.moveMoney(
        {
          idempotencyKey: ledgerKey(provider, b.transaction_uuid),
          kind: 'provider_rollback',
          from: providerAccount(provider),
          to: { playerId },
          amount: bet.amount,
          reference: bet.round_id,
        },
        playerId,
        'to',
      );
      sql.rollBackRoundBet({ provider, roundId: bet.round_id, amount: bet.amount, nowMs });
      return record(bet.amount, balance);
    });
  }

  /**
   * One move in the group commit; a refusal thrown inside rolls its savepoint back and is answered. A
   * unique key refused (another process wrote the id first) runs it once more: it then sees that row.
   */
  private async run(unit: () => WalletReply): Promise<WalletReply> {
    const attempt = () => retryOnConflict(() => this.deps.lane.transact(async () => unit()));
    try {
      try {
        return await attempt();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        return await attempt();
      }
    } catch (error) {
      if (error instanceof Refusal) return error.reply;
      throw error;
    }
  }

  /** One ledger transfer, answered with the player's balance after it; a zero amount moves nothing. */
  private moveMoney(cmd: TransferCommand, playerId: number, playerSide: 'from' | 'to'): number {
    if (cmd.amount === 0) return this.deps.transfers.playerBalance(playerId);
    const receipt = this.deps.transfers.transferWithin(cmd);
    return playerSide === 'from' ? receipt.fromBalanceAfter : receipt.toBalanceAfter;
  }

  /** A wallet call on a live token slides its expiry, in the move's own transaction. */
  private touch(token: TokenRow): void {
    const slide = this.deps.tokens.slideOf(token);
    if (slide) this.deps.sql.extendToken(token.id, slide.expiresMs, slide.nowMs);
  }
}

/**
 * The moves as synchronous units, where the database runs them (SQLite, with the player facts' synchronous
 * reads); undefined elsewhere, where the service runs the asynchronous moves of seamless-wallet.moves.ts.
 */
export function sqliteSeamlessMovesOf(
  deps: Omit<SqliteMoveDeps, 'sql' | 'transfers' | 'facts'> & {
    db: Db;
    lane: MoveLane;
    facts: PlayerFacts;
  },
): SqliteSeamlessMoves | undefined {
  const sqlite = rawSqliteOf(deps.db);
  const transfers = deps.lane.sqliteTransfers;
  const facts = deps.facts.inTransaction;
  if (!sqlite || !transfers || !facts) return undefined;
  return new SqliteSeamlessMoves({
    sql: new SqliteProviderStatements(sqlite),
    transfers,
    facts,
    clock: deps.clock,
    tokens: deps.tokens,
    lane: deps.lane,
    maxBet: deps.maxBet,
    rg: deps.rg,
  });
}
