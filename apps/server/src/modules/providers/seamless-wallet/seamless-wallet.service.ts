import {
  walletBalanceRequestSchema,
  walletBetRequestSchema,
  walletRollbackRequestSchema,
  walletSessionRequestSchema,
  walletWinRequestSchema,
  type WalletReply,
} from '@lotto59/contract';
import type { RgGuard } from '../../responsible-gaming/responsible-gaming.public';
import type { Db } from '../../../db/database';
import type { Clock } from '../../../platform/clock';
import type { MaintenanceService } from '../../maintenance/maintenance.service';
import type { StakeBatchWriter, WalletService } from '../../wallet/wallet.public';
import { isProviderCode, PROVIDERS } from '../providers.catalog';
import type { ProviderSecret } from '../provider-secrets';
import { verifySignature } from '../provider-signing';
import type { ProviderTokens, TokenRow } from '../launch/provider-tokens.service';
import type { ProviderCode } from '../providers.table';
import {
  betHash,
  payWin,
  placeBet,
  rollBack,
  rollbackHash,
  winHash,
  type MoveDeps,
} from './seamless-wallet.moves';
import { sqliteSeamlessMovesOf, type SqliteSeamlessMoves } from './sqlite/moves';
import type { PlayerFacts } from '../player-facts';
import { decideBet, decideRollback, decideWin, liveTokenOf } from './seamless-wallet.decide';
import { CallFactsReader } from './call-facts.reader';
import { ok, refusal } from './wallet-replies';

/** One signed call as the route received it: the raw body is verified before anything parses it. */
export interface WalletCall {
  provider: string;
  action: string;
  headers: { provider?: string | undefined; timestamp?: string | undefined; signature?: string | undefined };
  body: Buffer;
}

export interface WalletAnswer {
  reply: WalletReply;
  /** The secret that signs the answer; null when the caller is no known provider (unsigned answer). */
  secret: string | null;
  /** The action as counted (metrics): one of the protocol's, or `unknown`. */
  action: string;
}

const ACTIONS = new Set(['balance', 'bet', 'win', 'rollback', 'session']);

/**
 * PostgreSQL: batches of moves written at once, each on its own connection (decision 0045). They overlap
 * everywhere but in the provider row's one update at their end and their COMMIT; more would take more of
 * the pool from the calls' reads.
 */
const PG_MOVE_BATCHES_IN_FLIGHT = 4;

/**
 * Our seamless wallet (providers.md §2, §3): checks in the order of §3 — partner and signature, body,
 * token, player state, limit, money — and answers every business outcome as `{ status, … }`.
 */
export class SeamlessWalletService {
  private readonly secrets: ReadonlyMap<ProviderCode, string>;
  private readonly moves: MoveDeps;
  /** SQLite: the moves as synchronous units of prepared statements in the group commit (decision 0021). */
  private readonly sqliteMoves: SqliteSeamlessMoves | undefined;
  /** PostgreSQL: the calls' first facts, read together for the calls of one turn. */
  private readonly facts: CallFactsReader;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      wallet: WalletService;
      /** The process's one money write queue: each move counts in its depth (BUSY when full or closing). */
      writes: Pick<StakeBatchWriter, 'run'>;
      tokens: ProviderTokens;
      /** The login session and the player's flag (the auth and players modules' reads). */
      facts: PlayerFacts;
      maintenance: Pick<MaintenanceService, 'isOn'>;
      secrets: readonly ProviderSecret[];
      maxBet: number;
      rg: RgGuard;
    },
  ) {
    this.secrets = new Map(
      deps.secrets.flatMap((s) => (s.secret === null ? [] : [[s.code, s.secret] as const])),
    );
    this.moves = {
      db: deps.db,
      clock: deps.clock,
      wallet: deps.wallet,
      // Each move waits in the shared write queue (its depth, its BUSY, its drain at shutdown), then commits.
      lane: deps.wallet.moveLane({ writes: deps.writes, batchesInFlight: PG_MOVE_BATCHES_IN_FLIGHT }),
      rg: deps.rg,
    };
    this.sqliteMoves = sqliteSeamlessMovesOf({
      db: deps.db,
      facts: deps.facts,
      clock: deps.clock,
      tokens: deps.tokens,
      lane: this.moves.lane,
      maxBet: deps.maxBet,
      rg: deps.rg,
    });
    this.facts = new CallFactsReader(deps.db, deps.facts.inStatement);
  }

  async call(call: WalletCall): Promise<WalletAnswer> {
    const action = ACTIONS.has(call.action) ? call.action : 'unknown';
    const provider = call.provider;
    const secret = isProviderCode(provider) ? (this.secrets.get(provider) ?? null) : null;
    if (!isProviderCode(provider) || secret === null || call.headers.provider !== provider) {
      return { reply: refusal('RS_ERROR_INVALID_PARTNER'), secret, action };
    }
    const signed = verifySignature({
      secretHex: secret,
      timestamp: call.headers.timestamp,
      signature: call.headers.signature,
      body: call.body,
      nowMs: this.deps.clock.nowMs(),
    });
    if (!signed) return { reply: refusal('RS_ERROR_INVALID_SIGNATURE'), secret, action };
    let parsed: unknown;
    try {
      parsed = JSON.parse(call.body.toString('utf8'));
    } catch {
      return { reply: refusal('RS_ERROR_UNKNOWN'), secret, action };
    }
    return { reply: await this.dispatch(provider, action, parsed), secret, action };
  }

  private async dispatch(provider: ProviderCode, action: string, parsed: unknown): Promise<WalletReply> {
    // Provider 4 is in transfer mode: its money never moves through these calls (providers.md §1, §4).
    const seamless = PROVIDERS[provider].walletMode === 'SEAMLESS';
    switch (action) {
      case 'session':
        return this.session(provider, parsed);
      case 'balance':
        return seamless ? this.balance(provider, parsed) : refusal('RS_ERROR_INVALID_PARTNER');
      case 'bet':
        return seamless ? this.bet(provider, parsed) : refusal('RS_ERROR_INVALID_PARTNER');
      case 'win':
        return seamless ? this.win(provider, parsed) : refusal('RS_ERROR_INVALID_PARTNER');
      case 'rollback':
        return seamless ? this.rollback(provider, parsed) : refusal('RS_ERROR_INVALID_PARTNER');
      default:
        return refusal('RS_ERROR_UNKNOWN');
    }
  }

  /** Ours (decision 0011): the game page's launch code, once, for the session token. */
  private async session(provider: ProviderCode, parsed: unknown): Promise<WalletReply> {
    const body = walletSessionRequestSchema.safeParse(parsed);
    if (!body.success) return refusal('RS_ERROR_UNKNOWN', requestUuidOf(parsed));
    const { request_uuid } = body.data;
    const taken = await this.deps.tokens.exchange(provider, body.data.code);
    if (!taken || !(await this.deps.facts.isSessionLive(taken.row.auth_session_id))) {
      return refusal('RS_ERROR_INVALID_TOKEN', request_uuid);
    }
    const { row } = taken;
    return {
      status: 'RS_OK',
      request_uuid,
      token: taken.token,
      user: String(row.player_id),
      game_code: row.game_code,
      currency: 'KHR',
      balance: await this.deps.wallet.playerBalance(row.player_id),
      expires_at: new Date(this.deps.tokens.expiresAtMs(row)).toISOString(),
      // The studio caps what its game offers to what a bet may carry here (decision 0042): a baccarat round
      // is one bet of the sum of its stakes, which the table's own limits would let exceed this.
      max_bet: this.deps.maxBet,
    };
  }

  private async balance(provider: ProviderCode, parsed: unknown): Promise<WalletReply> {
    const body = walletBalanceRequestSchema.safeParse(parsed);
    if (!body.success) return refusal('RS_ERROR_UNKNOWN', requestUuidOf(parsed));
    const b = body.data;
    const facts = await this.tokenFacts(provider, b.token);
    const token = liveTokenOf(facts.token, provider, b, {
      isSessionLive: () => facts.sessionLive,
      tokens: this.deps.tokens,
    });
    if ('status' in token) return token;
    await this.deps.tokens.touch(token);
    return ok(b.request_uuid, b.user, await this.deps.wallet.playerBalance(token.player_id));
  }

  private async bet(provider: ProviderCode, parsed: unknown): Promise<WalletReply> {
    const body = walletBetRequestSchema.safeParse(parsed);
    if (!body.success) return refusal('RS_ERROR_UNKNOWN', requestUuidOf(parsed));
    const b = body.data;
    // The site's switch is cached (MaintenanceService); read here, answered in its place in the unit.
    if (this.sqliteMoves) return this.sqliteMoves.bet(provider, b, await this.deps.maintenance.isOn());
    // The facts in one round trip (decision 0054): the transaction id, the token, and the token's login
    // session and player flag by the auth and players modules' own expressions; the site's switch is
    // cached. They are judged in the order of providers.md §3 all the same (seamless-wallet.decide.ts).
    const hash = betHash(b);
    const [first, maintenance] = await Promise.all([
      this.callFacts(provider, b),
      this.deps.maintenance.isOn(),
    ]);
    // A break or an exclusion is judged in the bet's own statement (decision 0050), except over the
    // wallet's maximum, where it must be known first to be answered before the limit.
    const overMax = b.amount > this.deps.maxBet && !first.transaction ? first.token?.player_id : undefined;
    const mayNotPlay = overMax === undefined ? undefined : await this.deps.rg.mayNotPlay(overMax);
    const decision = decideBet(provider, b, hash, {
      ...first,
      isSessionLive: () => first.sessionLive,
      tokens: this.deps.tokens,
      maintenance,
      isDisabled: () => first.playerDisabled,
      mayNotPlay: mayNotPlay === undefined ? undefined : () => mayNotPlay,
      maxBet: this.deps.maxBet,
    });
    if ('reply' in decision) return decision.reply;
    const { token } = decision;
    // The id was looked up above (the decision's replay check): the move's first attempt need not look again.
    const reply = await placeBet(this.moves, provider, token.player_id, b, true);
    if (reply.status === 'RS_OK') await this.deps.tokens.touch(token);
    return reply;
  }

  private async win(provider: ProviderCode, parsed: unknown): Promise<WalletReply> {
    const body = walletWinRequestSchema.safeParse(parsed);
    if (!body.success) return refusal('RS_ERROR_UNKNOWN', requestUuidOf(parsed));
    const b = body.data;
    if (this.sqliteMoves) return this.sqliteMoves.win(provider, b);
    const decision = decideWin(provider, b, winHash(b), await this.callFacts(provider, b));
    if ('reply' in decision) return decision.reply;
    const { token } = decision;
    const reply = await payWin(this.moves, provider, token.player_id, b, true);
    if (reply.status === 'RS_OK' && !this.deps.tokens.isExpired(token)) await this.deps.tokens.touch(token);
    return reply;
  }

  private async rollback(provider: ProviderCode, parsed: unknown): Promise<WalletReply> {
    const body = walletRollbackRequestSchema.safeParse(parsed);
    if (!body.success) return refusal('RS_ERROR_UNKNOWN', requestUuidOf(parsed));
    const b = body.data;
    if (this.sqliteMoves) return this.sqliteMoves.rollback(provider, b);
    const decision = decideRollback(provider, b, rollbackHash(b), await this.callFacts(provider, b));
    if ('reply' in decision) return decision.reply;
    return rollBack(this.moves, provider, decision.token.player_id, b);
  }

  /**
   * PostgreSQL: a call's first facts, its transaction id and its token with the token's login session and
   * player flag, in the one read of the calls of this turn.
   */
  private callFacts(provider: ProviderCode, b: { transaction_uuid: string; token: string }) {
    const tokenHash = this.deps.tokens.hashOf(b.token);
    return this.facts.read({ provider, transactionUuid: b.transaction_uuid, tokenHash });
  }

  /**
   * A balance call's token and its login session, judged by `liveTokenOf` like a bet's. PostgreSQL: in the
   * calls' shared first read (no transaction id to look up); SQLite: two reads.
   */
  private async tokenFacts(
    provider: ProviderCode,
    token: string,
  ): Promise<{ token: TokenRow | undefined; sessionLive: boolean }> {
    if (this.sqliteMoves) {
      const row = await this.deps.tokens.find(token);
      return {
        token: row,
        sessionLive: row ? await this.deps.facts.isSessionLive(row.auth_session_id) : false,
      };
    }
    return this.facts.read({ provider, transactionUuid: null, tokenHash: this.deps.tokens.hashOf(token) });
  }
}

function requestUuidOf(parsed: unknown): string | undefined {
  const value = (parsed as { request_uuid?: unknown } | null)?.request_uuid;
  return typeof value === 'string' && value.length <= 64 ? value : undefined;
}
