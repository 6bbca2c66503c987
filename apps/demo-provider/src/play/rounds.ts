import { randomUUID } from 'node:crypto';
import type { DealReply, DealRequest, HistoryRound, SpinReply, SpinRequest } from '../api/game-api';
import { ANGKOR_FORTUNE, checkLineBet, checkRoundBets } from '../rules';
import { nextAttemptAt, type StudioContext } from './context';
import { GameError, type GameErrorCode, isGameErrorCode } from './errors';
import { ensureSeedPair } from './fair';
import { GAMES, playBaccarat, playSlot, type Played, type Seeds } from './games';
import { attemptOutbox, outboxEntry, rollbackBody, winBody } from './outbox';
import { endSession, touchSession } from './sessions';
import {
  historyOf,
  insertOutbox,
  insertRoundOnce,
  moveRound,
  outboxFor,
  type PageSession,
  type Round,
  roundByRequest,
  takeNonce,
} from './store';

/*
 * A round, provider side (providers.md §3, §7): outcome fixed from the fair stream and stored (BETTING), one
 * wallet `bet`, then one `win` (0 allowed). Each state that owes the wallet a call writes that call to the
 * outbox in the same transaction, so a crash at any point ends with the win paid or the bet rolled back.
 *   BETTING ─ok─▶ BET_OK ─win ok─▶ WIN_SENT
 *          ├─NOT_ENOUGH_MONEY / LIMIT_REACHED─▶ BET_REFUSED (nothing moved)
 *          └─timeout, 5xx, anything else─▶ ROLLBACK_PENDING ─rollback ok─▶ ROLLED_BACK
 */

/** Bet refusals the player caused: nothing moved, nothing to undo (Hub88 supplier rule). */
const FINAL_BET_REFUSALS: Record<string, GameErrorCode> = {
  RS_ERROR_NOT_ENOUGH_MONEY: 'NOT_ENOUGH_MONEY',
  RS_ERROR_LIMIT_REACHED: 'LIMIT_REACHED',
};
/** Other refusals are rolled back all the same; this is only what the page is told. */
const ROLLED_BACK_REFUSALS: Record<string, GameErrorCode> = {
  RS_ERROR_USER_DISABLED: 'USER_DISABLED',
  RS_ERROR_TOKEN_EXPIRED: 'SESSION_EXPIRED',
  RS_ERROR_INVALID_TOKEN: 'SESSION_EXPIRED',
};

type WithBalance<R> = R & { balance: number };

async function playRound<R extends object>(
  ctx: StudioContext,
  session: PageSession,
  requestId: string,
  play: (roundId: string, seeds: Seeds) => Played<R>,
): Promise<WithBalance<R>> {
  const replay = await roundByRequest(ctx.db, session.id, requestId);
  if (replay) return replayRound<R>(replay);
  await ensureSeedPair(ctx, session.user_id, session.provider);

  const now = ctx.clock();
  const start = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const taken = await takeNonce(trx, session.user_id, session.provider);
      if (!taken) throw new Error('no open seed pair');
      const { pair, nonce } = taken;
      const roundId = randomUUID();
      const played = play(roundId, {
        serverSeed: pair.server_seed,
        serverSeedHash: pair.server_seed_hash,
        clientSeed: pair.client_seed,
        nonce,
      });
      const { round, created } = await insertRoundOnce(trx, {
        id: roundId,
        session_id: session.id,
        request_id: requestId,
        user_id: session.user_id,
        provider: session.provider,
        game_code: session.game_code,
        seed_pair_id: pair.id,
        nonce,
        client_seed: pair.client_seed,
        server_seed_hash: pair.server_seed_hash,
        bet: played.bet,
        win: played.win,
        result: JSON.stringify(played.reply),
        meta: JSON.stringify(played.meta),
        state: 'BETTING',
        bet_tx: randomUUID(),
        win_tx: randomUUID(),
        rollback_tx: randomUUID(),
        balance: null,
        error_code: null,
        created_at: now,
        updated_at: now,
      });
      // A twin request won the race: give the nonce back (roll back) and replay its round.
      if (!created) throw new DuplicateRequest(round);
      return { round, fresh: true };
    })
    .catch((error: unknown) => {
      if (error instanceof DuplicateRequest) return { round: error.round, fresh: false };
      throw error;
    });
  return start.fresh ? betAndWin<R>(ctx, session, start.round) : replayRound<R>(start.round);
}

class DuplicateRequest extends Error {
  constructor(readonly round: Round) {
    super('duplicate request_id');
  }
}

function replayRound<R>(round: Round): WithBalance<R> {
  switch (round.state) {
    case 'BET_OK':
    case 'WIN_SENT':
      return { ...(JSON.parse(round.result) as R), balance: round.balance ?? 0 };
    case 'BETTING':
      throw new GameError(
        'WALLET_UNAVAILABLE',
        'This round is still waiting for the wallet; try again shortly.',
      );
    default:
      throw new GameError(isGameErrorCode(round.error_code) ? round.error_code : 'WALLET_UNAVAILABLE');
  }
}

/**
 * Sends the round's bet. A refusal the player caused moves the round to BET_REFUSED; a failure or any other
 * refusal to ROLLBACK_PENDING with its rollback owed (and tried once now). Both throw the page-facing error.
 * On success the round is still BETTING: the caller records what the accepted bet leads to.
 */
export async function placeBet(
  ctx: StudioContext,
  session: PageSession,
  round: Round,
): Promise<{ balance: number; at: number }> {
  const bet = await ctx.wallet.bet(round.provider, {
    transaction_uuid: round.bet_tx,
    token: session.wallet_token,
    user: round.user_id,
    game_code: round.game_code,
    round_id: round.id,
    amount: round.bet,
  });
  const now = ctx.clock();

  if (bet.kind === 'refused' && FINAL_BET_REFUSALS[bet.status]) {
    const code = FINAL_BET_REFUSALS[bet.status]!;
    await moveRound(ctx.db, round.id, ['BETTING'], {
      state: 'BET_REFUSED',
      error_code: code,
      updated_at: now,
    });
    throw new GameError(code);
  }

  if (bet.kind !== 'ok') {
    const code = (bet.kind === 'refused' && ROLLED_BACK_REFUSALS[bet.status]) || 'WALLET_UNAVAILABLE';
    const firstRetry = nextAttemptAt(ctx.retry, now, now) ?? now;
    await ctx.db.transaction().execute(async (trx) => {
      if (
        await moveRound(trx, round.id, ['BETTING'], {
          state: 'ROLLBACK_PENDING',
          error_code: code,
          updated_at: now,
        })
      )
        await insertOutbox(
          trx,
          outboxEntry(round, 'ROLLBACK', rollbackBody(round, session.wallet_token), now, firstRetry),
        );
    });
    const entry = await outboxFor(ctx.db, round.id, 'ROLLBACK');
    if (entry) await attemptOutbox(ctx, entry);
    if (code === 'SESSION_EXPIRED') await endSession(ctx, session);
    throw new GameError(code);
  }
  return { balance: bet.body.balance, at: now };
}

async function betAndWin<R>(ctx: StudioContext, session: PageSession, round: Round): Promise<WithBalance<R>> {
  const bet = await placeBet(ctx, session, round);
  const now = bet.at;
  ctx.fault?.('bet-acknowledged');
  // Debited. The win is owed from this instant: it is written with the state, then sent at once; if that
  // attempt fails the worker sends it on the schedule, and the page still gets its outcome now.
  const firstRetry = nextAttemptAt(ctx.retry, now, now) ?? now;
  await ctx.db.transaction().execute(async (trx) => {
    await moveRound(trx, round.id, ['BETTING'], {
      state: 'BET_OK',
      balance: bet.balance,
      updated_at: now,
    });
    await insertOutbox(trx, outboxEntry(round, 'WIN', winBody(round, session.wallet_token), now, firstRetry));
  });
  ctx.fault?.('bet-recorded');
  await touchSession(ctx, session);
  const entry = await outboxFor(ctx.db, round.id, 'WIN');
  const paid = entry ? await attemptOutbox(ctx, entry) : null;
  return { ...(JSON.parse(round.result) as R), balance: paid ?? bet.balance };
}

function requireGame(session: PageSession, game: keyof typeof GAMES): void {
  if (session.game_code !== game || session.provider !== GAMES[game].provider)
    throw new GameError('INVALID_SESSION', `this session is not for ${game}`);
}

export async function spin(
  ctx: StudioContext,
  session: PageSession,
  request: SpinRequest,
): Promise<SpinReply> {
  requireGame(session, 'angkor-fortune');
  const lineBet = checkLineBet(request.line_bet, ANGKOR_FORTUNE);
  if (!lineBet.ok) throw new GameError('INVALID_BET', lineBet.message);
  return playRound(ctx, session, request.request_id, (roundId, seeds) =>
    playSlot(roundId, lineBet.value, seeds),
  );
}

export async function deal(
  ctx: StudioContext,
  session: PageSession,
  request: DealRequest,
): Promise<DealReply> {
  requireGame(session, 'baccarat');
  const bets = checkRoundBets(request.bets.map((b) => ({ kind: b.type, amount: b.amount })));
  if (!bets.ok) throw new GameError('INVALID_BET', bets.message);
  return playRound(ctx, session, request.request_id, (roundId, seeds) =>
    playBaccarat(roundId, bets.value, seeds),
  );
}

export async function history(
  ctx: StudioContext,
  session: PageSession,
  limit: number,
): Promise<HistoryRound[]> {
  const rows = await historyOf(ctx.db, session.user_id, session.provider, session.game_code, limit);
  return rows.map((row) => {
    const reply = JSON.parse(row.result) as Partial<SpinReply & DealReply>;
    return {
      round_id: row.id,
      game_code: row.game_code,
      nonce: row.nonce,
      client_seed: row.client_seed,
      server_seed_hash: row.server_seed_hash,
      // A seed is revealed only once its pair is rotated; before that the hash is the commitment.
      server_seed: row.rotated_at === null ? null : row.server_seed,
      created_at: new Date(row.created_at).toISOString(),
      total_bet: row.bet,
      win: row.win,
      result: reply.stops
        ? { stops: reply.stops }
        : { deal_order: reply.deal_order ?? [], outcome: reply.outcome ?? 'TIE' },
    };
  });
}
