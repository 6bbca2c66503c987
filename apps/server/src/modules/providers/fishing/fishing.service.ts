import {
  MIN_FISHING_TRANSFER,
  type FishingCloseReply,
  type FishingInformation,
  type FishingOpenReply,
  type FishingProvider,
  type FishingState,
  type FishingTokenReply,
  type LaunchQuery,
  type LaunchReply,
} from '@lotto59/contract';
import { riel, type Riel } from '@lotto59/domain';
import type { RgGuard } from '../../responsible-gaming/responsible-gaming.public';
import type { Db, Executor } from '../../../db/database';
import { isUniqueViolation } from '../../../db/db-errors';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import type { AuthContext } from '../../auth/auth.service';
import type { PlayerFacts } from '../player-facts';
import type { WalletService } from '../../wallet/wallet.public';
import type { ProviderTokens } from '../launch/provider-tokens.service';
import { PROVIDERS } from '../providers.catalog';
import * as repo from './fishing.repository';
import type { FishingSessionState } from './fishing.table';
import type { TransferClient } from './transfer-client';
import type { TransferWallet } from './transfer-wallet.service';

// Fishing sessions (providers.md §4 "Fishing session calls", §5): open with settoken (provider 4 moves money
// into the game first), launch with external/4|5/url, close with settoken {token:null} or when idle. Every
// change of a session's state is conditional on the state it expects (repo.moveSession) and stops when no
// row changed (decision 0041).

const GAME_CODE = 'ocean-dragon';
/** FISHING_IDLE_MINUTES (providers.md §4). */
export const FISHING_IDLE_MS = 30 * 60_000;

/** What the player sees of a stored session state: the final ones are "NONE" (no session). */
function visibleState(state: FishingSessionState | undefined): FishingState {
  if (state === undefined || state === 'CLOSED' || state === 'FAILED') return 'NONE';
  return state;
}

/**
 * What the studio's `balance` says of the player's last shot: `at` (unix ms, null before any shot), or
 * `unreported` when its answer carries no `last_shot_at` (a studio without it), or `unknown` when it did not
 * answer (no decision is taken on no answer).
 */
type LastShot = { kind: 'at'; atMs: number | null } | { kind: 'unreported' } | { kind: 'unknown' };

/** The operator's close of a session (`ops providers fishing close`): from which state to which. */
export interface OperatorClose {
  session: number;
  from: FishingSessionState;
  to: FishingSessionState;
  /** The withdraw that brought the money back, when the money was still in the game. */
  transfer: repo.TransferRow | null;
}

export class FishingService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      wallet: WalletService;
      tokens: ProviderTokens;
      facts: Pick<PlayerFacts, 'isDisabled'>;
      transfers: TransferWallet;
      client: TransferClient;
      demoUrl: string;
      idleMs?: number;
      /** Responsible gaming: no session and no launch during a break or an exclusion. */
      rg: Pick<RgGuard, 'assertMayPlay'>;
    },
  ) {}

  /** `is_loading` of /api/user: 1 while a transfer of the player is INITIATED or UNKNOWN. */
  async isLoading(playerId: number): Promise<boolean> {
    return (await this.deps.transfers.inFlightOf(playerId)) !== undefined;
  }

  async information(playerId: number, provider: FishingProvider): Promise<FishingInformation> {
    const [session, transfer] = await Promise.all([
      repo.openSessionOf(this.deps.db, playerId, provider),
      this.deps.transfers.inFlightOf(playerId),
    ]);
    const state = visibleState(session?.state);
    let inGame: number | null;
    if (provider === '5') {
      // Seamless: the game plays on the main balance itself.
      inGame = await this.deps.wallet.playerBalance(playerId);
    } else if (session?.state === 'ACTIVE') {
      const answer = await this.deps.client.balance(String(playerId));
      const ok = answer.kind === 'answer' && answer.body.status === 'RS_OK';
      const balance = ok ? answer.body.provider_balance : undefined;
      inGame = typeof balance === 'number' ? balance : null;
    } else {
      inGame = 0;
    }
    // The lobby asking is a sign the player is here (a studio that reports no shots has no other).
    if (session) await repo.touchSession(this.deps.db, session.id, this.deps.clock.nowMs());
    const shown = provider === '4' ? transfer : undefined;
    return {
      provider: Number(provider),
      mode: PROVIDERS[provider].walletMode,
      state,
      in_game_balance: inGame,
      is_loading: transfer ? 1 : 0,
      transfer: shown ? { id: shown.id, direction: shown.direction, state: shown.state } : null,
      min_transfer: MIN_FISHING_TRANSFER,
    };
  }

  /** `settoken {provider, amount?}`: a session, with the money moved in first for provider 4. */
  async open(
    auth: AuthContext,
    provider: FishingProvider,
    amount: number | undefined,
  ): Promise<FishingOpenReply> {
    const { playerId } = auth;
    await this.assertMayPlay(playerId);
    if (await this.deps.transfers.inFlightOf(playerId)) throw new AppError('TRANSFER_IN_FLIGHT');
    const existing = await repo.openSessionOf(this.deps.db, playerId, provider);
    if (existing) {
      if (existing.state !== 'ACTIVE' || existing.token_id === null) throw new AppError('TRANSFER_IN_FLIGHT');
      // Already open: the same session and token (a second tab, a reload), no second transfer.
      const live = await this.deps.tokens.sessionToken(existing.token_id);
      if (live) return { token: live.token, transfer_id: null, state: 'ACTIVE' };
      throw new AppError('TRANSFER_IN_FLIGHT');
    }
    let deposit: Riel | undefined;
    if (provider === '4') {
      const balance = await this.deps.wallet.playerBalance(playerId);
      const wanted = amount ?? balance;
      if (wanted < MIN_FISHING_TRANSFER) throw new AppError('TRANSFER_TOO_SMALL');
      if (wanted > balance) throw new AppError('INSUFFICIENT_FUNDS');
      deposit = riel(wanted);
    }
    const minted = await this.deps.tokens.mint({
      playerId,
      authSessionId: auth.sessionId,
      provider,
      gameCode: GAME_CODE,
      sealed: true,
    });
    const nowMs = this.deps.clock.nowMs();
    let sessionId: number;
    try {
      sessionId = await repo.insertSession(this.deps.db, {
        player_id: playerId,
        provider,
        game_code: GAME_CODE,
        state: deposit === undefined ? 'ACTIVE' : 'OPENING',
        token_id: minted.id,
        started_at_ms: nowMs,
        last_active_ms: nowMs,
        ended_at_ms: null,
        transfer_in: riel(0),
        transfer_out: riel(0),
        shots: 0,
        stake: riel(0),
        payout: riel(0),
      });
    } catch (error) {
      await this.deps.tokens.retire(minted.id);
      // Another request opened one at the same moment (one open session per player and provider).
      if (isUniqueViolation(error)) throw new AppError('TRANSFER_IN_FLIGHT');
      throw error;
    }
    if (deposit === undefined) return { token: minted.token, transfer_id: null, state: 'ACTIVE' };

    let transfer: repo.TransferRow;
    try {
      transfer = await this.deps.transfers.deposit({ playerId, sessionId, amount: deposit });
    } catch (error) {
      // Nothing was written (not enough money, or another transfer in flight): the session never opened.
      // Had the deposit's row been written before the error, that transfer decides the session instead.
      if (await repo.failUnfundedOpening(this.deps.db, sessionId, this.deps.clock.nowMs())) {
        await this.deps.tokens.retire(minted.id);
      }
      if (isUniqueViolation(error)) throw new AppError('TRANSFER_IN_FLIGHT');
      throw error;
    }
    const session = await repo.findSession(this.deps.db, sessionId);
    const state = visibleState(session?.state);
    return { token: state === 'NONE' ? null : minted.token, transfer_id: transfer.id, state };
  }

  /** `settoken {provider, token: null}`: everything back out of the game, the token retired. */
  async close(playerId: number, provider: FishingProvider): Promise<FishingCloseReply> {
    const session = await repo.openSessionOf(this.deps.db, playerId, provider);
    if (!session) throw new AppError('NO_SESSION');
    if (provider === '5') {
      if (!(await this.endSeamless(session))) throw new AppError('NO_SESSION');
      return {
        state: 'NONE',
        transfer_id: null,
        amount: 0,
        balance: await this.deps.wallet.playerBalance(playerId),
      };
    }
    if (session.state !== 'ACTIVE' || (await this.deps.transfers.inFlightOf(playerId))) {
      throw new AppError('TRANSFER_IN_FLIGHT');
    }
    const transfer = await this.withdraw(session);
    // Closed or closing by another hand since it was read (another tab, the idle worker).
    if (!transfer) throw new AppError('TRANSFER_IN_FLIGHT');
    const after = await repo.findSession(this.deps.db, session.id);
    const state: FishingState =
      after?.state === 'CLOSED' ? 'NONE' : after?.state === 'ACTIVE' ? 'ACTIVE' : 'CLOSING';
    return {
      state,
      transfer_id: transfer.id,
      amount: transfer.state === 'COMPLETED' ? transfer.amount : 0,
      balance: await this.deps.wallet.playerBalance(playerId),
    };
  }

  /** `GET fishing/token`: the ACTIVE session's token, else 404 NO_SESSION (providers.md §4). */
  async token(playerId: number, provider: FishingProvider): Promise<FishingTokenReply> {
    const session = await repo.openSessionOf(this.deps.db, playerId, provider);
    const live =
      session?.state === 'ACTIVE' && session.token_id !== null
        ? await this.deps.tokens.sessionToken(session.token_id)
        : undefined;
    // §4 fixes 404 here while §5's launch answers the same code with 409 (ERROR_STATUS_ALSO).
    if (!session || !live) throw new AppError('NO_SESSION', undefined, { status: 404 });
    await repo.touchSession(this.deps.db, session.id, this.deps.clock.nowMs());
    return { token: live.token, state: 'ACTIVE', expires_at: new Date(live.expiresMs).toISOString() };
  }

  /** `external/4|5/url`: the game page for the ACTIVE session's own token (providers.md §5), else 409. */
  async launch(
    playerId: number,
    provider: FishingProvider,
    query: LaunchQuery,
    soundCookie: string | undefined,
  ): Promise<LaunchReply> {
    if (query.game_code !== undefined && query.game_code !== GAME_CODE) throw new AppError('NO_SESSION');
    await this.assertMayPlay(playerId);
    const session = await repo.openSessionOf(this.deps.db, playerId, provider);
    if (session?.state !== 'ACTIVE' || session.token_id === null) throw new AppError('NO_SESSION');
    const launched = await this.deps.tokens.relaunch(session.token_id);
    if (!launched) throw new AppError('NO_SESSION');
    await repo.touchSession(this.deps.db, session.id, this.deps.clock.nowMs());
    const params = new URLSearchParams({
      provider,
      code: launched.code,
      lang: query.lang,
      platform: query.platform,
      sound: soundCookie === 'DISABLED' ? '0' : '1',
    });
    return {
      url: `${this.deps.demoUrl}/${GAME_CODE}/?${params.toString()}`,
      token: launched.token,
      expires_at: new Date(launched.expiresMs).toISOString(),
    };
  }

  /**
   * Closes ACTIVE sessions with no shot for FISHING_IDLE_MINUTES, the way the player would. Provider 4's shots
   * never reach our wallet, so a session that looks idle by our own signs (open, launch, the lobby's reads)
   * is first asked about at the studio: its `balance` answer carries the player's last shot, which moves the
   * session's last sign of play forward when it is recent. Provider 5 counts its token's wallet calls (each
   * one slides the token's expiry). Returns how many it closed.
   */
  async closeIdle(limit = 50): Promise<number> {
    const idleMs = this.deps.idleMs ?? FISHING_IDLE_MS;
    const nowMs = this.deps.clock.nowMs();
    const cutoffMs = nowMs - idleMs;
    let closed = 0;
    // The list is only a list of candidates: each close below is conditional on the session being ACTIVE
    // still, so a session closed or reopened since this read is left alone.
    for (const session of await repo.idleSessions(this.deps.db, cutoffMs, limit)) {
      if (session.provider === '5') {
        const live =
          session.token_id === null ? undefined : await this.deps.tokens.sessionToken(session.token_id);
        if (live) continue;
        if (await this.endSeamless(session)) closed += 1;
        continue;
      }
      const shot = await this.lastShot(session.player_id);
      // The studio did not answer: whether the player is shooting is not known; ask again next pass.
      if (shot.kind === 'unknown') continue;
      if (shot.kind === 'at' && shot.atMs !== null && shot.atMs >= cutoffMs) {
        // A clock ahead of ours cannot keep a session open beyond its window.
        await repo.touchSession(this.deps.db, session.id, Math.min(shot.atMs, nowMs));
        continue;
      }
      if (await this.deps.transfers.inFlightOf(session.player_id)) continue;
      try {
        if (await this.withdraw(session)) closed += 1;
      } catch (error) {
        // Another transfer of the player started since the check above: the next pass looks again.
        if (!(error instanceof AppError && error.code === 'TRANSFER_IN_FLIGHT')) throw error;
      }
    }
    return closed;
  }

  /**
   * The operator's way out for a session that nothing else will move (`ops providers fishing close <id>`):
   * any open session whose transfers are all final. Where the money is decides where the session goes — never
   * opened (no transfer, or its deposit failed): FAILED; brought back (its withdraw completed): CLOSED; still
   * in the game (its deposit completed, or its withdraw failed): ACTIVE, then withdrawn as the player's close
   * does. The move is conditional on the state read and audited in its transaction.
   */
  async closeByOperator(
    sessionId: number,
    audit: (trx: Executor, change: { session: repo.SessionRow; to: FishingSessionState }) => Promise<void>,
  ): Promise<OperatorClose> {
    const session = await repo.findSession(this.deps.db, sessionId);
    if (!session || !repo.OPEN_SESSION.includes(session.state)) {
      throw new AppError('NOT_FOUND', `No open fishing session ${sessionId}.`);
    }
    const last = await repo.lastTransferOfSession(this.deps.db, sessionId);
    if (last && repo.IN_FLIGHT.includes(last.state)) {
      throw new AppError(
        'TRANSFER_IN_FLIGHT',
        `Transfer ${last.id} of this session is ${last.state}: resolve it first (ops providers transfer).`,
      );
    }
    const nowMs = this.deps.clock.nowMs();
    if (!last && session.provider === '4') {
      // Never funded: FAILED only where no deposit has been written meanwhile (the settoken that made it may
      // still be on its way to writing one; the worker fails such a session after ORPHAN_AFTER_MS anyway).
      const failed = await this.deps.db.transaction().execute(async (trx) => {
        if (!(await repo.failUnfundedOpening(trx, sessionId, nowMs))) return false;
        if (session.token_id !== null) await this.deps.tokens.retire(session.token_id, trx);
        await audit(trx, { session, to: 'FAILED' });
        return true;
      });
      if (!failed)
        throw new AppError('TRANSFER_IN_FLIGHT', 'The session changed meanwhile: look at it again.');
      return { session: sessionId, from: session.state, to: 'FAILED', transfer: null };
    }
    let to: FishingSessionState;
    let changes: Parameters<typeof repo.moveSession>[3];
    if (session.provider === '5' || (last?.direction === 'OUT' && last.state === 'COMPLETED')) {
      to = 'CLOSED';
      changes = {
        state: to,
        ended_at_ms: session.ended_at_ms ?? nowMs,
        ...(last ? { transfer_out: last.amount } : {}),
      };
    } else if (last?.direction === 'IN' && last.state === 'FAILED') {
      to = 'FAILED';
      changes = { state: to, ended_at_ms: session.ended_at_ms ?? nowMs };
    } else {
      // The money is at the studio: the session is ACTIVE again, and closed the way the player closes one.
      to = 'ACTIVE';
      changes = {
        state: to,
        last_active_ms: nowMs,
        ...(last?.direction === 'IN' ? { transfer_in: last.amount } : {}),
      };
    }
    const moved = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await repo.moveSession(trx, sessionId, [session.state], changes))) return false;
      if (to !== 'ACTIVE' && session.token_id !== null) await this.deps.tokens.retire(session.token_id, trx);
      await audit(trx, { session, to });
      return true;
    });
    if (!moved) throw new AppError('TRANSFER_IN_FLIGHT', 'The session changed meanwhile: look at it again.');
    const transfer =
      to === 'ACTIVE' ? ((await this.withdraw({ ...session, state: 'ACTIVE' })) ?? null) : null;
    return { session: sessionId, from: session.state, to, transfer };
  }

  /** One session as stored (the operator's view). */
  async session(sessionId: number): Promise<repo.SessionRow> {
    const row = await repo.findSession(this.deps.db, sessionId);
    if (!row) throw new AppError('NOT_FOUND', `No fishing session ${sessionId}.`);
    return row;
  }

  /** Open sessions whose transfers are all final yet are not ACTIVE: the operator's list. */
  stuckSessions(olderThanMs = 60_000, limit = 100): Promise<repo.SessionRow[]> {
    return repo.stuckSessions(this.deps.db, this.deps.clock.nowMs() - olderThanMs, limit);
  }

  /**
   * A disabled player moves no money into a game and launches none (the seamless wallet refuses their
   * bets the same way); closing, and so getting the money back, stays open to them.
   */
  private async assertMayPlay(playerId: number): Promise<void> {
    if (await this.deps.facts.isDisabled(playerId))
      throw new AppError('FORBIDDEN', 'This account may not play provider games.');
    await this.deps.rg.assertMayPlay(playerId);
  }

  private async lastShot(playerId: number): Promise<LastShot> {
    const answer = await this.deps.client.balance(String(playerId));
    if (answer.kind !== 'answer' || answer.body.status !== 'RS_OK') return { kind: 'unknown' };
    const at = answer.body.last_shot_at;
    if (at === undefined) return { kind: 'unreported' };
    if (at === null) return { kind: 'at', atMs: null };
    return typeof at === 'number' && Number.isSafeInteger(at)
      ? { kind: 'at', atMs: at }
      : { kind: 'unknown' };
  }

  private async withdraw(session: repo.SessionRow): Promise<repo.TransferRow | undefined> {
    try {
      return await this.deps.transfers.withdraw({ playerId: session.player_id, sessionId: session.id });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('TRANSFER_IN_FLIGHT');
      throw error;
    }
  }

  /**
   * A session left OPENING without its deposit (the process died between the two writes, or the deposit was
   * refused as a whole): no money moved, so it never opened. Without this the player could open no other.
   */
  async failOrphanedOpenings(olderThanMs: number): Promise<number> {
    const nowMs = this.deps.clock.nowMs();
    let failed = 0;
    for (const session of await repo.orphanedOpenings(this.deps.db, nowMs - olderThanMs)) {
      if (!(await repo.failUnfundedOpening(this.deps.db, session.id, nowMs))) continue;
      if (session.token_id !== null) await this.deps.tokens.retire(session.token_id);
      failed += 1;
    }
    return failed;
  }

  /** Provider 5's close: ACTIVE → CLOSED (no money to move). False when it was not ACTIVE any more. */
  private async endSeamless(session: repo.SessionRow): Promise<boolean> {
    const nowMs = this.deps.clock.nowMs();
    const closed = await repo.moveSession(this.deps.db, session.id, ['ACTIVE'], {
      state: 'CLOSED',
      ended_at_ms: nowMs,
    });
    if (closed && session.token_id !== null) await this.deps.tokens.retire(session.token_id);
    return closed;
  }
}
