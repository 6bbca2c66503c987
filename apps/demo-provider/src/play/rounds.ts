import { randomUUID } from 'node:crypto';
import type { DealReply, DealRequest, HistoryRound, SpinReply, SpinRequest } from '../api/game-api';
import { ANGKOR_FORTUNE, baccaratTable, checkLineBet, checkRoundBets } from '../rules';
import { SLOT_OR_TABLE } from '../round/adapters';
import { sendBet } from '../round/bet';
import { sendOwed, storedWinBody } from '../round/outbox';
import { walletRoundOfRound } from '../round/store';
import type { StudioContext } from './context';
import { GameError, replayedRefusal } from './errors';
import { ensureSeedPair } from './fair';
import { GAMES, playBaccarat, playSlot, type Played, type Seeds } from './games';
import { touchSession, walletMaxBetOf } from './sessions';
import { historyOf, insertRoundOnce, type PageSession, type Round, roundByRequest, takeNonce } from './store';

/*
 * A slot spin or a baccarat coup, provider side (providers.md §3, §7): outcome fixed from the fair stream and
 * stored (BETTING), one wallet `bet`, then one `win` (0 allowed), through the one round machine
 * (src/round/machine.ts; this game's adapter is SLOT_OR_TABLE: the win is owed with the accepted bet).
 */

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
      throw replayedRefusal(round.error_code, round.bet);
  }
}

async function betAndWin<R>(ctx: StudioContext, session: PageSession, round: Round): Promise<WithBalance<R>> {
  const wallet = walletRoundOfRound(round);
  // Debited: the win is owed from this instant. It is written with the move, then sent at once; if that
  // attempt fails the worker sends it on the schedule, and the page still gets its outcome now.
  const bet = await sendBet(ctx, SLOT_OR_TABLE, session, wallet, storedWinBody(session.wallet_token));
  await touchSession(ctx, session);
  const paid = await sendOwed(ctx, wallet, 'WIN');
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
  // The round is one wallet bet of its sum: the table is what that wallet takes (decision 0042).
  const bets = checkRoundBets(
    request.bets.map((b) => ({ kind: b.type, amount: b.amount })),
    baccaratTable(walletMaxBetOf(session)),
  );
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
