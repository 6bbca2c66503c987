import { randomBytes, randomUUID } from 'node:crypto';
import type { ExitReply, FishReply, HistoryShot, ShotReply, ShotRequest } from '../api/game-api';
import {
  fairWordSource,
  MAGAZINE_SHOTS,
  magazinePrice,
  magazineSettlement,
  resolveShot,
  type ShotOutcome,
  shotCost,
} from '../rules';
import type { StudioContext } from '../play/context';
import { GameError } from '../play/errors';
import { ensureSeedPair } from '../play/fair';
import { me, touchSession } from '../play/sessions';
import { insertRoundOnce, type PageSession, type Round, roundById, takeNonce } from '../play/store';
import { MAGAZINE } from '../round/adapters';
import { firstRetryAt, moveAndOwe, sendBet } from '../round/bet';
import { sendOwed, storedWinBody } from '../round/outbox';
import { type Db, tokenOfSession, walletRoundOfRound } from '../round/store';
import { chargeShot } from '../transfer/store';
import { fishAt, fishBetween, isOnScreen } from './school';
import {
  capturedAmong,
  fireFromMagazine,
  type FishingSession,
  fishingSessionOf,
  idleMagazines,
  insertFishingSession,
  insertMagazine,
  insertShot,
  isCaptured,
  loadedMagazinesOf,
  type Magazine,
  openMagazineOf,
  type Shot,
  shotByRequest,
  shotHistory,
  updateLoadedRound,
} from './store';

/*
 * Ocean Dragon, provider side (providers.md §7.3). A shot names a fish and a cannon level; a fish that is not on
 * screen (or already caught) is refused before any charge. The capture is the rules' resolveShot on the player's
 * fair stream at the shot's own nonce (§6).
 *  - Provider 4 (transfer): the shot, its charge on the in-game balance and its payout are one transaction.
 *  - Provider 5 (seamless): bullets come in magazines of 50, one wallet `bet` each (a `rounds` row in state
 *    LOADED while it is fired). Every shot updates the round's win to what settling now would pay (payouts + the
 *    unfired bullets' refund), so the `win` sent when it empties, when the player leaves or changes level, or
 *    after a restart, is always the right one. The magazine is a round of the one round machine
 *    (src/round/machine.ts) with the MAGAZINE adapter: its bet is held (OPEN, spelled LOADED) until settled.
 */

export const GAME_CODE = 'ocean-dragon';
export const FISHING_PROVIDERS = ['4', '5'] as const;
/** How far ahead the page is told of fish to come (it polls every few seconds). */
const LOOKAHEAD_MS = 8_000;
/** A magazine nobody has fired for this long is settled (its bullets refunded): the player left. */
export const MAGAZINE_IDLE_MS = 30 * 60_000;

function requireFishing(session: PageSession): void {
  if (session.game_code !== GAME_CODE || !(FISHING_PROVIDERS as readonly string[]).includes(session.provider))
    throw new GameError('INVALID_SESSION', 'this session is not for Ocean Dragon');
}

/** The session's school, started at its first use. */
async function schoolOf(ctx: StudioContext, session: PageSession): Promise<FishingSession> {
  const found = await fishingSessionOf(ctx.db, session.id);
  if (found) return found;
  await insertFishingSession(ctx.db, {
    session_id: session.id,
    user_id: session.user_id,
    provider: session.provider,
    fish_seed: randomBytes(16).toString('hex'),
    started_at: ctx.clock(),
  });
  return (await fishingSessionOf(ctx.db, session.id))!;
}

export async function liveFish(ctx: StudioContext, session: PageSession): Promise<FishReply> {
  requireFishing(session);
  const school = await schoolOf(ctx, session);
  const now = ctx.clock();
  const fish = fishBetween(school.fish_seed, school.started_at, now, now + LOOKAHEAD_MS);
  const caught = await capturedAmong(
    ctx.db,
    session.id,
    fish.map((f) => f.id),
  );
  return { now, fish: fish.filter((f) => !caught.has(f.id)) };
}

const replyOf = (shot: Shot, magazine: ShotReply['magazine']): ShotReply => ({
  shot_id: shot.id,
  fish_id: shot.fish_id,
  fish: shot.fish_code,
  level: shot.level,
  cost: shot.cost,
  captured: shot.captured === 1,
  multiplier: shot.multiplier,
  payout: shot.payout,
  nonce: shot.nonce,
  client_seed: shot.client_seed,
  server_seed_hash: shot.server_seed_hash,
  balance: shot.balance,
  magazine,
});

/** Thrown inside a shot's transaction to undo it (and its nonce) and refuse or retry. */
class ShotAborted extends Error {
  constructor(readonly reason: 'NOT_ENOUGH_MONEY' | 'MAGAZINE_CLOSED') {
    super(reason);
  }
}

interface Fired {
  shot: Shot;
  outcome: ShotOutcome;
}

/**
 * Takes the next nonce, resolves the shot and lets `charge` book it, all in one transaction, then inserts the
 * shot. `charge` returns the balance to show, or throws ShotAborted.
 */
async function fire(
  ctx: StudioContext,
  session: PageSession,
  request: ShotRequest,
  fishCode: string,
  magazineId: string | null,
  charge: (trx: Parameters<typeof insertShot>[0], outcome: ShotOutcome, now: number) => Promise<number>,
): Promise<Fired> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    const taken = await takeNonce(trx, session.user_id, session.provider);
    if (!taken) throw new Error('no open seed pair');
    const { pair, nonce } = taken;
    const resolved = resolveShot(
      fairWordSource(pair.server_seed, pair.client_seed, nonce),
      fishCode,
      request.level,
    );
    if (!resolved.ok) throw new GameError('INVALID_BET', resolved.message);
    const outcome = resolved.value;
    const balance = await charge(trx, outcome, now);
    const shot: Shot = {
      id: randomUUID(),
      session_id: session.id,
      request_id: request.request_id,
      user_id: session.user_id,
      provider: session.provider,
      magazine_id: magazineId,
      fish_id: request.fish_id,
      fish_code: outcome.fish,
      level: outcome.level,
      cost: outcome.cost,
      seed_pair_id: pair.id,
      nonce,
      client_seed: pair.client_seed,
      server_seed_hash: pair.server_seed_hash,
      captured: outcome.captured ? 1 : 0,
      multiplier: outcome.multiplier,
      payout: outcome.payout,
      balance,
      created_at: now,
    };
    await insertShot(trx, shot);
    return { shot, outcome };
  });
}

/**
 * A shot's transaction failed on a constraint: a twin request (same request_id) or a twin shot that caught the
 * same fish first. Either way nothing of ours was committed; answer as the winner's world says.
 */
async function afterConflict(
  ctx: StudioContext,
  session: PageSession,
  request: ShotRequest,
  error: unknown,
): Promise<ShotReply> {
  const twin = await shotByRequest(ctx.db, session.id, request.request_id);
  if (twin) return replyOf(twin, null);
  if (await isCaptured(ctx.db, session.id, request.fish_id)) throw new GameError('FISH_NOT_THERE');
  throw error;
}

export async function shoot(
  ctx: StudioContext,
  session: PageSession,
  request: ShotRequest,
): Promise<ShotReply> {
  requireFishing(session);
  const cost = shotCost(request.level);
  if (!cost.ok) throw new GameError('INVALID_BET', cost.message);
  const replay = await shotByRequest(ctx.db, session.id, request.request_id);
  if (replay) return replyOf(replay, null);

  const school = await schoolOf(ctx, session);
  const fish = fishAt(school.fish_seed, school.started_at, request.fish_id);
  if (!isOnScreen(fish, ctx.clock()) || (await isCaptured(ctx.db, session.id, fish.id)))
    throw new GameError('FISH_NOT_THERE');
  await ensureSeedPair(ctx, session.user_id, session.provider);
  return session.provider === '4'
    ? shootOnInGameBalance(ctx, session, request, fish.kind)
    : shootFromMagazine(ctx, session, request, fish.kind, true);
}

async function shootOnInGameBalance(
  ctx: StudioContext,
  session: PageSession,
  request: ShotRequest,
  fishCode: string,
): Promise<ShotReply> {
  let fired: Fired;
  try {
    fired = await fire(ctx, session, request, fishCode, null, async (trx, outcome, now) => {
      const balance = await chargeShot(trx, session.user_id, outcome.cost, outcome.payout, now);
      if (balance === undefined) throw new ShotAborted('NOT_ENOUGH_MONEY');
      return balance;
    });
  } catch (error) {
    if (error instanceof ShotAborted) throw new GameError('NOT_ENOUGH_MONEY');
    if (error instanceof GameError) throw error;
    return afterConflict(ctx, session, request, error);
  }
  await touchSession(ctx, session);
  return replyOf(fired.shot, null);
}

async function shootFromMagazine(
  ctx: StudioContext,
  session: PageSession,
  request: ShotRequest,
  fishCode: string,
  mayRetry: boolean,
): Promise<ShotReply> {
  let magazine = await openMagazineOf(ctx.db, session.id);
  if (magazine?.round.state === 'BETTING')
    throw new GameError('WALLET_UNAVAILABLE', 'A magazine is being loaded; try again in a moment.');
  if (magazine && magazine.level !== request.level) {
    // A new level needs a new magazine: this one is settled, its unfired bullets refunded.
    await settleMagazine(ctx, magazine.round.id);
    magazine = undefined;
  }
  magazine ??= await buyMagazine(ctx, session, request);
  const loaded = magazine;

  let fired: Fired;
  // Written inside the transaction's callback (TypeScript does not follow assignments made in closures).
  const after: { settled: boolean; shotsFired: number } = { settled: false, shotsFired: 0 };
  try {
    fired = await fire(ctx, session, request, fishCode, loaded.round_id, async (trx, outcome, now) => {
      const counters = await fireFromMagazine(trx, loaded.round_id, outcome.payout, MAGAZINE_SHOTS);
      if (!counters) throw new ShotAborted('MAGAZINE_CLOSED');
      after.shotsFired = counters.shots;
      const settlement = magazineSettlement(loaded.level, counters.shots, counters.payout);
      const meta = { shots: settlement.shots, payout: settlement.payout, refund: settlement.refund };
      const open = await updateLoadedRound(trx, loaded.round_id, {
        win: settlement.win,
        meta: JSON.stringify(meta),
        updated_at: now,
      });
      if (!open) throw new ShotAborted('MAGAZINE_CLOSED');
      // The last bullet settles the magazine with the shot that fired it: one transaction.
      if (counters.shots === MAGAZINE_SHOTS)
        after.settled = await oweWin(ctx, trx, loaded.round, session.wallet_token, now);
      return (loaded.round.balance ?? 0) + settlement.win;
    });
  } catch (error) {
    if (error instanceof ShotAborted) {
      // Emptied or settled by a twin meanwhile: load the next magazine once, else let the page try again.
      if (mayRetry) return shootFromMagazine(ctx, session, request, fishCode, false);
      throw new GameError('WALLET_UNAVAILABLE', 'The magazine changed meanwhile; try again.');
    }
    if (error instanceof GameError) throw error;
    return afterConflict(ctx, session, request, error);
  }
  if (after.settled) await sendOwed(ctx, walletRoundOfRound(loaded.round), 'WIN');
  return replyOf(fired.shot, { level: loaded.level, shots_left: MAGAZINE_SHOTS - after.shotsFired });
}

/**
 * Settles the magazine if it is still LOADED (the machine's SETTLED: OPEN → WIN_OWED, in one transaction
 * with its win of payouts plus refund, built from the row as moved), then sends that win. The wallet's
 * balance, or null when nothing was settled or the win waits for the worker.
 */
export async function settleMagazine(ctx: StudioContext, roundId: string): Promise<number | null> {
  const round = await roundById(ctx.db, roundId);
  if (!round) return null;
  const token = await tokenOfSession(ctx.db, round.session_id);
  const settled = await oweWin(ctx, ctx.db, round, token, ctx.clock());
  return settled ? sendOwed(ctx, walletRoundOfRound(round), 'WIN') : null;
}

/** LOADED → BET_OK with the magazine's win owed, in `db`'s transaction; false when it was not LOADED. */
async function oweWin(
  ctx: StudioContext,
  db: Db,
  round: Round,
  token: string,
  now: number,
): Promise<boolean> {
  const moved = await moveAndOwe(
    db,
    walletRoundOfRound(round),
    'SETTLED',
    { updated_at: now },
    { body: storedWinBody(token), now, dueAt: firstRetryAt(ctx, now) },
  );
  return moved !== undefined;
}

async function buyMagazine(
  ctx: StudioContext,
  session: PageSession,
  request: ShotRequest,
): Promise<Magazine> {
  const price = magazinePrice(request.level);
  if (!price.ok) throw new GameError('INVALID_BET', price.message);
  const cost = price.value / MAGAZINE_SHOTS;
  const now = ctx.clock();
  const round = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const taken = await takeNonce(trx, session.user_id, session.provider);
      if (!taken) throw new Error('no open seed pair');
      const full = magazineSettlement(request.level, 0, 0);
      const { round: stored, created } = await insertRoundOnce(trx, {
        id: randomUUID(),
        session_id: session.id,
        request_id: `magazine:${request.request_id}`,
        user_id: session.user_id,
        provider: session.provider,
        game_code: session.game_code,
        seed_pair_id: taken.pair.id,
        nonce: taken.nonce,
        client_seed: taken.pair.client_seed,
        server_seed_hash: taken.pair.server_seed_hash,
        bet: price.value,
        // Settled before a shot, a magazine gives every bullet back.
        win: full.win,
        result: JSON.stringify({ level: request.level }),
        meta: JSON.stringify({ shots: 0, payout: 0, refund: full.refund }),
        state: 'BETTING',
        bet_tx: randomUUID(),
        win_tx: randomUUID(),
        rollback_tx: randomUUID(),
        balance: null,
        error_code: null,
        created_at: now,
        updated_at: now,
      });
      if (!created) throw new GameError('WALLET_UNAVAILABLE', 'This shot is still being loaded; try again.');
      await insertMagazine(trx, {
        round_id: stored.id,
        session_id: session.id,
        level: request.level,
        cost,
        shots: 0,
        payout: 0,
      });
      return stored;
    })
    .catch((error: unknown) => {
      if (error instanceof GameError) throw error;
      // The one-open-magazine index: a twin shot is buying one right now.
      throw new GameError('WALLET_UNAVAILABLE', 'A magazine is being loaded; try again in a moment.');
    });

  await sendBet(ctx, MAGAZINE, session, walletRoundOfRound(round));
  await touchSession(ctx, session);
  const magazine = await openMagazineOf(ctx.db, session.id);
  if (!magazine || magazine.round_id !== round.id) throw new Error('magazine missing after its bet');
  return magazine;
}

/**
 * The page leaves: provider 5's open magazine is settled now. The balance after it (provider 4: the in-game
 * balance, which the casino withdraws when it closes the fishing session).
 */
export async function exitFishing(ctx: StudioContext, session: PageSession): Promise<ExitReply> {
  requireFishing(session);
  const magazine = await openMagazineOf(ctx.db, session.id);
  if (magazine?.round.state === 'LOADED') {
    const balance = await settleMagazine(ctx, magazine.round_id);
    if (balance !== null) return { balance };
    return { balance: (magazine.round.balance ?? 0) + magazine.round.win };
  }
  return { balance: (await me(ctx, session)).balance };
}

/** A new page session of provider 5 settles the player's magazines left open by earlier ones. */
export async function settleMagazinesOf(ctx: StudioContext, user: string): Promise<void> {
  for (const round of await loadedMagazinesOf(ctx.db, user)) await settleMagazine(ctx, round.id);
}

/** Magazines left LOADED by players who went away: settled by the worker (their bullets refunded). */
export async function settleIdleMagazines(ctx: StudioContext): Promise<number> {
  const idle = await idleMagazines(ctx.db, ctx.clock() - MAGAZINE_IDLE_MS);
  for (const round of idle) await settleMagazine(ctx, round.id);
  return idle.length;
}

export async function fishingHistory(
  ctx: StudioContext,
  session: PageSession,
  limit: number,
): Promise<HistoryShot[]> {
  requireFishing(session);
  const rows = await shotHistory(ctx.db, session.user_id, session.provider, limit);
  return rows.map((row) => ({
    shot_id: row.id,
    fish: row.fish_code,
    level: row.level,
    cost: row.cost,
    nonce: row.nonce,
    client_seed: row.client_seed,
    server_seed_hash: row.server_seed_hash,
    server_seed: row.rotated_at === null ? null : row.server_seed,
    created_at: new Date(row.created_at).toISOString(),
    captured: row.captured === 1,
    multiplier: row.multiplier,
    payout: row.payout,
  }));
}
