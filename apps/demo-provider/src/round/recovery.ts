import type { StudioContext } from '../play/context';
import { ROUND_SUBJECTS } from './adapters';
import { failBet } from './bet';
import { PHASE_OWING } from './machine';
import { outboxEntry, rollbackBody, storedWinBody } from './outbox';
import {
  insertOutbox,
  makeOutboxDue,
  outboxFor,
  roundsInPhase,
  tokenOfSession,
  walletRoundOf,
} from './store';

/**
 * After a restart, for every game: a round still BETTING may or may not have been debited, and its answer is
 * lost, so it is rolled back (a rollback of a bet the wallet never saw leaves a tombstone and moves nothing,
 * §3). A round whose bet was accepted has its call in the outbox already; every owed call becomes due now.
 * Only one studio process may run per database: this pass would roll back another process's bet in flight.
 */
export async function recoverRounds(ctx: StudioContext): Promise<{ rolledBack: number }> {
  const now = ctx.clock();
  let rolledBack = 0;
  for (const subject of ROUND_SUBJECTS)
    for (const moved of await roundsInPhase(ctx.db, subject, 'BETTING')) {
      const round = walletRoundOf(moved);
      const token = await tokenOfSession(ctx.db, round.session_id);
      if (await failBet(ctx, round, token, 'WALLET_UNAVAILABLE', now, now)) rolledBack += 1;
    }
  await restoreMissingCalls(ctx, now);
  await makeOutboxDue(ctx.db, now);
  return { rolledBack };
}

/**
 * A phase whose call is owed but missing (never by this code; by a hand edit, say) gets it back: the rollback
 * of any round, the win of a casino round (stored with it; a slip's win meta exists only at its settlement).
 */
async function restoreMissingCalls(ctx: StudioContext, now: number): Promise<void> {
  for (const subject of ROUND_SUBJECTS)
    for (const kind of ['WIN', 'ROLLBACK'] as const) {
      if (kind === 'WIN' && subject === 'SLIP') continue;
      for (const moved of await roundsInPhase(ctx.db, subject, PHASE_OWING[kind])) {
        const round = walletRoundOf(moved);
        if (await outboxFor(ctx.db, subject, round.id, kind)) continue;
        const token = await tokenOfSession(ctx.db, round.session_id);
        const body = kind === 'WIN' ? storedWinBody(token)(moved) : rollbackBody(round, token);
        await insertOutbox(ctx.db, outboxEntry(round, kind, body, now, now));
      }
    }
}
