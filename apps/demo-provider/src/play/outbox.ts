import { randomUUID } from 'node:crypto';
import type { OutboxKind } from '../db/schema';
import { WalletClient } from '../wallet/wallet-client';
import { moveSlip } from '../sport/store';
import { nextAttemptAt, type StudioContext } from './context';
import {
  deleteOutbox,
  dueOutbox,
  insertOutbox,
  makeOutboxDue,
  moveRound,
  OUTBOX_TABLES,
  outboxFor,
  type OutboxEntry,
  type OutboxTableName,
  rescheduleOutbox,
  type Round,
  roundsInState,
  tokenOfRound,
} from './store';

/*
 * The durable outbox of wallet calls the studio still owes (providers.md §3, provider side). A round's win or
 * rollback is written here in the same transaction as the state that makes it owed, so a crash can delay a
 * call but never lose it. The wallet is idempotent by transaction_uuid, so sending one twice (a retry after a
 * lost answer) moves money once.
 */

/** The body of the round's win (amount may be 0; the round closes with it). */
export const winBody = (round: Round, token: string): Record<string, unknown> =>
  WalletClient.winBody({
    transaction_uuid: round.win_tx,
    reference_transaction_uuid: round.bet_tx,
    token,
    user: round.user_id,
    game_code: round.game_code,
    round_id: round.id,
    amount: round.win,
    round_closed: true,
    meta: JSON.parse(round.meta) as unknown,
  });

export const rollbackBody = (round: Round, token: string): Record<string, unknown> =>
  WalletClient.rollbackBody({
    transaction_uuid: round.rollback_tx,
    reference_transaction_uuid: round.bet_tx,
    token,
    user: round.user_id,
    game_code: round.game_code,
    round_id: round.id,
  });

export function outboxEntry(
  round: Round,
  kind: OutboxKind,
  body: Record<string, unknown>,
  createdAt: number,
  dueAt: number,
): OutboxEntry {
  return {
    id: randomUUID(),
    round_id: round.id,
    kind,
    provider: round.provider,
    body: JSON.stringify(body),
    attempts: 0,
    next_attempt_at: dueAt,
    created_at: createdAt,
    parked_at: null,
    last_error: null,
  };
}

/**
 * One attempt of an owed call. On RS_OK the round (or, from `sport_outbox`, the slip) closes and the entry
 * goes, in one transaction; otherwise the entry waits for its next slot of the schedule, or is parked past the
 * schedule's end. Returns the wallet's balance on success.
 */
export async function attemptOutbox(
  ctx: StudioContext,
  entry: OutboxEntry,
  table: OutboxTableName = 'outbox',
): Promise<number | null> {
  const action = entry.kind === 'WIN' ? 'win' : 'rollback';
  const answer = await ctx.wallet.send(
    entry.provider,
    action,
    JSON.parse(entry.body) as Record<string, unknown>,
  );
  const now = ctx.clock();
  if (answer.kind === 'ok') {
    await ctx.db.transaction().execute(async (trx) => {
      const closed = { balance: answer.body.balance, updated_at: now };
      if (table === 'outbox')
        await moveRound(trx, entry.round_id, entry.kind === 'WIN' ? ['BET_OK'] : ['ROLLBACK_PENDING'], {
          state: entry.kind === 'WIN' ? 'WIN_SENT' : 'ROLLED_BACK',
          ...closed,
        });
      else
        await moveSlip(trx, entry.round_id, entry.kind === 'WIN' ? ['SETTLING'] : ['ROLLBACK_PENDING'], {
          state: entry.kind === 'WIN' ? 'SETTLED' : 'ROLLED_BACK',
          ...closed,
        });
      await deleteOutbox(trx, entry.id, table);
    });
    return answer.body.balance;
  }
  const next = nextAttemptAt(ctx.retry, entry.created_at, now);
  await rescheduleOutbox(
    ctx.db,
    entry.id,
    {
      attempts: entry.attempts + 1,
      next_attempt_at: next ?? entry.next_attempt_at,
      parked_at: next === null ? now : null,
      last_error: answer.kind === 'refused' ? answer.status : answer.reason,
    },
    table,
  );
  return null;
}

/** Sends every due call of both outboxes once; returns how many were sent successfully. */
export async function drainOutbox(ctx: StudioContext, batch = 50): Promise<number> {
  let sent = 0;
  for (const table of OUTBOX_TABLES)
    for (const entry of await dueOutbox(ctx.db, ctx.clock(), batch, table)) {
      // One entry's trouble (a database hiccup while recording it) must not hold back the others; it stays
      // due and the next pass tries it again.
      try {
        if ((await attemptOutbox(ctx, entry, table)) !== null) sent += 1;
      } catch {
        continue;
      }
    }
  return sent;
}

/**
 * After a restart: a round still BETTING may or may not have been debited, and its answer is lost, so it is
 * rolled back (a rollback of a bet the wallet never saw leaves a tombstone and moves nothing, §3). A round
 * whose bet was accepted has its win in the outbox already; every owed call becomes due now.
 * Only one studio process may run per database: this pass would roll back another process's bet in flight.
 */
export async function recoverRounds(ctx: StudioContext): Promise<{ rolledBack: number }> {
  const now = ctx.clock();
  const betting = await roundsInState(ctx.db, 'BETTING');
  for (const round of betting) {
    await ctx.db.transaction().execute(async (trx) => {
      const token = await tokenOfRound(trx, round);
      const moved = await moveRound(trx, round.id, ['BETTING'], {
        state: 'ROLLBACK_PENDING',
        error_code: 'WALLET_UNAVAILABLE',
        updated_at: now,
      });
      if (moved)
        await insertOutbox(trx, outboxEntry(round, 'ROLLBACK', rollbackBody(round, token), now, now));
    });
  }
  // A state whose call is owed but missing (never by this code; by a hand edit, say) gets it back.
  for (const [state, kind] of [
    ['BET_OK', 'WIN'],
    ['ROLLBACK_PENDING', 'ROLLBACK'],
  ] as const) {
    for (const round of await roundsInState(ctx.db, state)) {
      if (await outboxFor(ctx.db, round.id, kind)) continue;
      const token = await tokenOfRound(ctx.db, round);
      const body = kind === 'WIN' ? winBody(round, token) : rollbackBody(round, token);
      await insertOutbox(ctx.db, outboxEntry(round, kind, body, now, now));
    }
  }
  for (const table of OUTBOX_TABLES) await makeOutboxDue(ctx.db, now, table);
  return { rolledBack: betting.length };
}
