import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DemoPageProvider, DemoSeamlessProvider, MeReply, SessionReply } from '../api/game-api';
import { walletOf } from '../transfer/store';
import { DEFAULT_WALLET_MAX_BET } from '../wallet/wallet-client';
import type { StudioContext } from './context';
import { GameError } from './errors';
import { ensureSeedPair, fairStateOf } from './fair';
import { expireSession, extendSession, insertSession, type PageSession, sessionByBearerHash } from './store';

/*
 * Page sessions: the page trades the casino's one-time launch code (through the wallet's `session` action)
 * for a bearer of our own. Only its SHA-256 is stored, so a copy of the database opens no session. The page
 * session lives as long as the wallet session: it slides by the wallet's window after each accepted call, up to
 * the wallet's 12 h cap (providers.md §5).
 */

export const SEAMLESS_PROVIDERS: readonly DemoSeamlessProvider[] = ['2', '3', '5', 'sport'];
const MAX_SESSION_MS = 12 * 3_600_000;

const hashBearer = (bearer: string): string => createHash('sha256').update(bearer).digest('hex');

/**
 * Provider 4 plays on the in-game balance our casino transferred in (providers.md §4): its page shows that, never
 * the casino's wallet balance.
 */
async function inGameBalance(ctx: StudioContext, user: string): Promise<number> {
  return (await walletOf(ctx.db, user))?.balance ?? 0;
}

export async function openSession(
  ctx: StudioContext,
  provider: DemoPageProvider,
  code: string,
): Promise<SessionReply> {
  if (!ctx.wallet.hasProvider(provider))
    throw new GameError('INVALID_SESSION', 'this provider is not configured');
  const answer = await ctx.wallet.session(provider, code);
  if (answer.kind === 'failed') throw new GameError('WALLET_UNAVAILABLE');
  if (answer.kind === 'refused') {
    throw new GameError(answer.status === 'RS_ERROR_TOKEN_EXPIRED' ? 'SESSION_EXPIRED' : 'INVALID_SESSION');
  }
  const { token, user, game_code, balance, expires_at, max_bet } = answer.body;
  const now = ctx.clock();
  const expiresAt = Date.parse(expires_at);
  if (!Number.isFinite(expiresAt) || expiresAt <= now) throw new GameError('SESSION_EXPIRED');
  const bearer = randomBytes(32).toString('base64url');
  await insertSession(ctx.db, {
    id: randomUUID(),
    bearer_hash: hashBearer(bearer),
    wallet_token: token,
    user_id: user,
    provider,
    game_code,
    created_at: now,
    expires_at: expiresAt,
    ttl_ms: expiresAt - now,
    wallet_max_bet: max_bet ?? null,
  });
  const pair = await ensureSeedPair(ctx, user, provider);
  return {
    session: bearer,
    user,
    game_code,
    currency: 'KHR',
    balance: provider === '4' ? await inGameBalance(ctx, user) : balance,
    expires_at: new Date(expiresAt).toISOString(),
    max_bet: max_bet ?? DEFAULT_WALLET_MAX_BET,
    fair: fairStateOf(pair),
  };
}

/** The largest bet the session's wallet takes: what it announced, else the protocol's default. */
export const walletMaxBetOf = (session: Pick<PageSession, 'wallet_max_bet'>): number =>
  session.wallet_max_bet ?? DEFAULT_WALLET_MAX_BET;

/** The session of an `Authorization: Bearer …` header, or the page-facing refusal. */
export async function authenticate(ctx: StudioContext, header: string | undefined): Promise<PageSession> {
  const match = /^Bearer ([A-Za-z0-9_-]{20,128})$/.exec(header ?? '');
  if (!match) throw new GameError('INVALID_SESSION');
  const session = await sessionByBearerHash(ctx.db, hashBearer(match[1]!));
  if (!session) throw new GameError('INVALID_SESSION');
  if (session.expires_at <= ctx.clock()) throw new GameError('SESSION_EXPIRED');
  return session;
}

/** The wallet accepted a call with this session's token: its window starts again. */
export async function touchSession(ctx: StudioContext, session: PageSession): Promise<void> {
  const until = Math.min(ctx.clock() + session.ttl_ms, session.created_at + MAX_SESSION_MS);
  await extendSession(ctx.db, session.id, until);
}

/** The wallet says the token is gone: the page session ends with it. */
export async function endSession(ctx: StudioContext, session: PageSession): Promise<void> {
  await expireSession(ctx.db, session.id, ctx.clock());
}

export async function me(ctx: StudioContext, session: PageSession): Promise<MeReply> {
  if (session.provider === '4') {
    const pair = await ensureSeedPair(ctx, session.user_id, session.provider);
    return {
      user: session.user_id,
      game_code: session.game_code,
      currency: 'KHR',
      balance: await inGameBalance(ctx, session.user_id),
      expires_at: new Date(session.expires_at).toISOString(),
      max_bet: walletMaxBetOf(session),
      fair: fairStateOf(pair),
    };
  }
  const answer = await ctx.wallet.balance(session.provider, {
    token: session.wallet_token,
    user: session.user_id,
    game_code: session.game_code,
  });
  if (answer.kind === 'failed') throw new GameError('WALLET_UNAVAILABLE');
  if (answer.kind === 'refused') {
    if (answer.status === 'RS_ERROR_TOKEN_EXPIRED' || answer.status === 'RS_ERROR_INVALID_TOKEN') {
      await endSession(ctx, session);
      throw new GameError('SESSION_EXPIRED');
    }
    throw new GameError(answer.status === 'RS_ERROR_USER_DISABLED' ? 'USER_DISABLED' : 'WALLET_UNAVAILABLE');
  }
  await touchSession(ctx, session);
  const pair = await ensureSeedPair(ctx, session.user_id, session.provider);
  return {
    user: session.user_id,
    game_code: session.game_code,
    currency: 'KHR',
    balance: answer.body.balance,
    expires_at: new Date(session.expires_at).toISOString(),
    max_bet: walletMaxBetOf(session),
    fair: fairStateOf(pair),
  };
}
