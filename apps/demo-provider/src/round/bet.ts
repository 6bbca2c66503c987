import { nextAttemptAt, type StudioContext } from '../play/context';
import { GameError, type GameErrorCode } from '../play/errors';
import { endSession } from '../play/sessions';
import type { PageSession } from '../play/store';
import type { GameAdapter, WalletRound } from './adapters';
import { type RoundEvent, TRANSITIONS } from './machine';
import { outboxEntry, rollbackBody, sendOwed } from './outbox';
import {
  applyEvent,
  type Db,
  insertOutbox,
  type MovedRow,
  type RoundChange,
  type SlipSettlement,
  walletRoundOf,
} from './store';

/*
 * The wallet side of the round machine, the same for every game: the bet and what its answer leads to, the
 * settlement of a held round, and every move that makes a call owed. Each move is conditional (store.ts
 * applyEvent); when no row changed the round was moved by someone else (a restart's recovery, a twin) and the
 * caller stops instead of writing over it.
 */

/** Bet refusals the player caused: nothing moved, nothing to undo (Hub88 supplier rule). */
const FINAL_BET_REFUSALS: Readonly<Record<string, GameErrorCode>> = {
  RS_ERROR_NOT_ENOUGH_MONEY: 'NOT_ENOUGH_MONEY',
  RS_ERROR_LIMIT_REACHED: 'LIMIT_REACHED',
};
/** Other refusals are rolled back all the same; this is only what the page is told. */
const ROLLED_BACK_REFUSALS: Readonly<Record<string, GameErrorCode>> = {
  RS_ERROR_USER_DISABLED: 'USER_DISABLED',
  RS_ERROR_TOKEN_EXPIRED: 'SESSION_EXPIRED',
  RS_ERROR_INVALID_TOKEN: 'SESSION_EXPIRED',
};

/** A call owed by a move: its body from the row as moved, due at `dueAt`. */
export interface Owed {
  body: (moved: MovedRow) => Record<string, unknown>;
  now: number;
  dueAt: number;
}

/**
 * Applies `event` and, when it moved the round and the move owes a call, writes that call, in one transaction
 * (`db`'s own when it is one, so a game can move its round with its own rows). The moved row, or undefined
 * when the round was not in the event's phase.
 */
export async function moveAndOwe(
  db: Db,
  round: Pick<WalletRound, 'subject' | 'id'>,
  event: RoundEvent,
  change: RoundChange,
  owed?: Owed,
  settlement?: SlipSettlement,
): Promise<MovedRow | undefined> {
  const call = TRANSITIONS[event].owes;
  if ((call === null) !== (owed === undefined))
    throw new Error(`${event} ${call ? 'owes a call' : 'owes none'}`);
  const run = async (trx: Db): Promise<MovedRow | undefined> => {
    const moved = await applyEvent(trx, round.subject, round.id, event, change, settlement);
    if (moved && call && owed)
      await insertOutbox(
        trx,
        outboxEntry(walletRoundOf(moved), call, owed.body(moved), owed.now, owed.dueAt),
      );
    return moved;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** The first retry of a call owed now: one step of the schedule ahead (it is also tried at once). */
export const firstRetryAt = (ctx: StudioContext, now: number): number =>
  nextAttemptAt(ctx.retry, now, now) ?? now;

export interface AcceptedBet {
  balance: number;
  at: number;
}

/**
 * Sends the round's bet and applies its answer. A refusal the player caused: BET_REFUSED. A failure or any
 * other refusal: ROLLBACK_OWED, its rollback tried once now. Both throw the page-facing error. Accepted: the
 * adapter's event (BET_ACCEPTED with the win owed, built by `win`; or BET_HELD). If the round was moved
 * meanwhile (a restart rolled it back), the page is told the wallet is unavailable: the rollback undoes it.
 */
export async function sendBet(
  ctx: StudioContext,
  adapter: GameAdapter,
  session: PageSession,
  round: WalletRound,
  win?: (moved: MovedRow) => Record<string, unknown>,
): Promise<AcceptedBet> {
  const bet = await ctx.wallet.bet(round.provider, {
    transaction_uuid: round.bet_tx,
    token: session.wallet_token,
    user: round.user_id,
    game_code: round.game_code,
    round_id: round.id,
    amount: round.amount,
    ...(round.betMeta === undefined ? {} : { meta: round.betMeta }),
  });
  const now = ctx.clock();
  if (bet.kind === 'refused' && FINAL_BET_REFUSALS[bet.status]) {
    const code = FINAL_BET_REFUSALS[bet.status]!;
    await moveAndOwe(ctx.db, round, 'BET_REFUSED', { error_code: code, updated_at: now });
    throw new GameError(code, undefined, { amount: round.amount });
  }
  if (bet.kind !== 'ok') {
    const code = (bet.kind === 'refused' && ROLLED_BACK_REFUSALS[bet.status]) || 'WALLET_UNAVAILABLE';
    await failBet(ctx, round, session.wallet_token, code, now, firstRetryAt(ctx, now));
    await sendOwed(ctx, round, 'ROLLBACK');
    if (code === 'SESSION_EXPIRED') await endSession(ctx, session);
    throw new GameError(code, undefined, code === 'USER_DISABLED' ? { amount: round.amount } : {});
  }
  ctx.fault?.('bet-acknowledged');
  const change = { balance: bet.body.balance, updated_at: now };
  const event = adapter.onBetAccepted;
  if (event === 'BET_ACCEPTED' && !win)
    throw new Error(`${adapter.name}: the win must be known with the bet`);
  const moved = await moveAndOwe(
    ctx.db,
    round,
    event,
    change,
    event === 'BET_ACCEPTED' && win ? { body: win, now, dueAt: firstRetryAt(ctx, now) } : undefined,
  );
  if (!moved)
    throw new GameError('WALLET_UNAVAILABLE', 'This round was closed meanwhile; it is rolled back.');
  ctx.fault?.('bet-recorded');
  return { balance: bet.body.balance, at: now };
}

/** BETTING → ROLLBACK_OWED with the rollback owed (a failed bet, or one whose answer a restart lost). */
export async function failBet(
  ctx: StudioContext,
  round: WalletRound,
  token: string,
  code: GameErrorCode,
  now: number,
  dueAt: number,
): Promise<boolean> {
  const moved = await moveAndOwe(
    ctx.db,
    round,
    'BET_FAILED',
    { error_code: code, updated_at: now },
    { body: () => rollbackBody(round, token), now, dueAt },
  );
  return moved !== undefined;
}
