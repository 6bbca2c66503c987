import { randomUUID } from 'node:crypto';
import type { OutboxKind } from '../db/schema';
import { nextAttemptAt, type StudioContext } from '../play/context';
import { WalletClient } from '../wallet/wallet-client';
import type { WalletRound } from './adapters';
import { closingEvent } from './machine';
import {
  applyEvent,
  deleteOutbox,
  dueOutbox,
  type MovedRow,
  outboxFor,
  type OutboxEntry,
  rescheduleOutbox,
  walletRoundOf,
} from './store';

/*
 * The one durable outbox of wallet calls the studio still owes (providers.md §3, provider side), for every
 * game. A round's win or rollback is written here in the same transaction as the move that makes it owed
 * (machine.ts `owes`), so a crash can delay a call but never lose it. The wallet is idempotent by
 * transaction_uuid, so sending one twice (a retry after a lost answer) moves money once, and the round's
 * closing move is conditional, so a second RS_OK moves nothing here either.
 */

/** The round's win (amount may be 0; the round closes with it). Key order is the wire format: keep it. */
export const winBody = (
  round: WalletRound,
  token: string,
  amount: number,
  meta: unknown,
): Record<string, unknown> =>
  WalletClient.winBody({
    transaction_uuid: round.win_tx,
    reference_transaction_uuid: round.bet_tx,
    token,
    user: round.user_id,
    game_code: round.game_code,
    round_id: round.id,
    amount,
    round_closed: true,
    meta,
  });

export const rollbackBody = (round: WalletRound, token: string): Record<string, unknown> =>
  WalletClient.rollbackBody({
    transaction_uuid: round.rollback_tx,
    reference_transaction_uuid: round.bet_tx,
    token,
    user: round.user_id,
    game_code: round.game_code,
    round_id: round.id,
  });

export function outboxEntry(
  round: WalletRound,
  kind: OutboxKind,
  body: Record<string, unknown>,
  createdAt: number,
  dueAt: number,
): OutboxEntry {
  return {
    id: randomUUID(),
    subject: round.subject,
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
 * One attempt of an owed call. On RS_OK the round closes (only from the phase that owed the call) and the
 * entry goes, in one transaction; otherwise the entry waits for its next slot of the schedule, or is parked
 * past the schedule's end. Returns the wallet's balance on success.
 */
export async function attemptOutbox(ctx: StudioContext, entry: OutboxEntry): Promise<number | null> {
  const action = entry.kind === 'WIN' ? 'win' : 'rollback';
  const answer = await ctx.wallet.send(
    entry.provider,
    action,
    JSON.parse(entry.body) as Record<string, unknown>,
  );
  const now = ctx.clock();
  if (answer.kind === 'ok') {
    await ctx.db.transaction().execute(async (trx) => {
      await applyEvent(trx, entry.subject, entry.round_id, closingEvent(entry.kind), {
        balance: answer.body.balance,
        updated_at: now,
      });
      await deleteOutbox(trx, entry.id);
    });
    return answer.body.balance;
  }
  const next = nextAttemptAt(ctx.retry, entry.created_at, now);
  await rescheduleOutbox(ctx.db, entry, {
    next_attempt_at: next ?? entry.next_attempt_at,
    parked_at: next === null ? now : null,
    last_error: answer.kind === 'refused' ? answer.status : answer.reason,
  });
  return null;
}

/** Sends the round's owed call now, if it is still owed; on failure the worker carries on with it. */
export async function sendOwed(
  ctx: StudioContext,
  round: WalletRound,
  kind: OutboxKind,
): Promise<number | null> {
  const entry = await outboxFor(ctx.db, round.subject, round.id, kind);
  return entry ? attemptOutbox(ctx, entry) : null;
}

/** Sends every due call once; returns how many were sent successfully. */
export async function drainOutbox(ctx: StudioContext, batch = 50): Promise<number> {
  let sent = 0;
  for (const entry of await dueOutbox(ctx.db, ctx.clock(), batch)) {
    // One entry's trouble (a database hiccup while recording it) must not hold back the others; it stays
    // due and the next pass tries it again.
    try {
      if ((await attemptOutbox(ctx, entry)) !== null) sent += 1;
    } catch {
      continue;
    }
  }
  return sent;
}

/**
 * The win a casino round stores with itself (slot, baccarat: fixed before the bet; a magazine: updated by
 * every shot), built from the row as moved so it is the row's latest. Slips build theirs at settlement.
 */
export const storedWinBody =
  (token: string) =>
  (moved: MovedRow): Record<string, unknown> => {
    if (moved.subject !== 'ROUND') throw new Error('only a casino round stores its win');
    return winBody(walletRoundOf(moved), token, moved.row.win, JSON.parse(moved.row.meta) as unknown);
  };
