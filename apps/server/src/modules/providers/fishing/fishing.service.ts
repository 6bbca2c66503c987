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
import type { Db } from '../../../db/database';
import { isUniqueViolation } from '../../../db/db-errors';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import type { AuthContext } from '../../auth/auth.service';
import type { WalletService } from '../../wallet/wallet.public';
import type { ProviderTokens } from '../provider-tokens.service';
import { PROVIDERS } from '../providers.catalog';
import * as repo from './fishing.repository';
import type { FishingSessionState } from './fishing.table';
import type { TransferClient } from './transfer-client';
import type { TransferWallet } from './transfer-wallet.service';

// Fishing sessions (providers.md §4 "Fishing session calls", §5): open with settoken (provider 4 moves money
// into the game first), launch with external/4|5/url, close with settoken {token:null} or when idle.

const GAME_CODE = 'ocean-dragon';
/** FISHING_IDLE_MINUTES (providers.md §4). */
export const FISHING_IDLE_MS = 30 * 60_000;

/** What the player sees of a stored session state: the final ones are "NONE" (no session). */
function visibleState(state: FishingSessionState | undefined): FishingState {
  if (state === undefined || state === 'CLOSED' || state === 'FAILED') return 'NONE';
  return state;
}

export class FishingService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      wallet: WalletService;
      tokens: ProviderTokens;
      transfers: TransferWallet;
      client: TransferClient;
      demoUrl: string;
      idleMs?: number;
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
      const balance = answer.kind === 'answer' ? answer.body.provider_balance : undefined;
      inGame =
        answer.kind === 'answer' && answer.body.status === 'RS_OK' && typeof balance === 'number'
          ? balance
          : null;
    } else {
      inGame = 0;
    }
    if (session)
      await repo.updateSession(this.deps.db, session.id, { last_active_ms: this.deps.clock.nowMs() });
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
      await repo.updateSession(this.deps.db, sessionId, {
        state: 'FAILED',
        ended_at_ms: this.deps.clock.nowMs(),
      });
      await this.deps.tokens.retire(minted.id);
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
      await this.endSeamless(session);
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

  /** `GET fishing/token`: the ACTIVE session's token, else 404. */
  async token(playerId: number, provider: FishingProvider): Promise<FishingTokenReply> {
    const session = await repo.openSessionOf(this.deps.db, playerId, provider);
    const live =
      session?.state === 'ACTIVE' && session.token_id !== null
        ? await this.deps.tokens.sessionToken(session.token_id)
        : undefined;
    if (!session || !live) throw new AppError('NOT_FOUND', 'No active fishing session.');
    await repo.updateSession(this.deps.db, session.id, { last_active_ms: this.deps.clock.nowMs() });
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
    const session = await repo.openSessionOf(this.deps.db, playerId, provider);
    if (session?.state !== 'ACTIVE' || session.token_id === null) throw new AppError('NO_SESSION');
    const launched = await this.deps.tokens.relaunch(session.token_id);
    if (!launched) throw new AppError('NO_SESSION');
    await repo.updateSession(this.deps.db, session.id, { last_active_ms: this.deps.clock.nowMs() });
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
   * Closes ACTIVE sessions idle for FISHING_IDLE_MINUTES, the way the player would. Provider 5 also counts its
   * token's wallet calls as activity (each one slides the token's expiry). Returns how many it closed.
   */
  async closeIdle(limit = 50): Promise<number> {
    const idleMs = this.deps.idleMs ?? FISHING_IDLE_MS;
    const nowMs = this.deps.clock.nowMs();
    let closed = 0;
    for (const session of await repo.idleSessions(this.deps.db, nowMs - idleMs, limit)) {
      if (session.provider === '5') {
        const live =
          session.token_id === null ? undefined : await this.deps.tokens.sessionToken(session.token_id);
        if (live) continue;
        await this.endSeamless(session);
      } else {
        if (await this.deps.transfers.inFlightOf(session.player_id)) continue;
        await this.withdraw(session);
      }
      closed += 1;
    }
    return closed;
  }

  private async withdraw(session: repo.SessionRow): Promise<repo.TransferRow> {
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
    const orphans = await repo.orphanedOpenings(this.deps.db, nowMs - olderThanMs);
    for (const session of orphans) {
      await repo.updateSession(this.deps.db, session.id, { state: 'FAILED', ended_at_ms: nowMs });
      if (session.token_id !== null) await this.deps.tokens.retire(session.token_id);
    }
    return orphans.length;
  }

  private async endSeamless(session: repo.SessionRow): Promise<void> {
    const nowMs = this.deps.clock.nowMs();
    await repo.updateSession(this.deps.db, session.id, { state: 'CLOSED', ended_at_ms: nowMs });
    if (session.token_id !== null) await this.deps.tokens.retire(session.token_id);
  }
}
