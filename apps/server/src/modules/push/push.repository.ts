import type { Executor } from '../../db/database';

export interface StoredSubscription {
  endpoint: string;
  playerId: number;
  p256dh: string;
  auth: string;
}

/**
 * One row per endpoint. A device subscribed again (new keys) or by another player now signed in on it is
 * the same device: the row is replaced, never duplicated, so a phone never gets one player's news twice or
 * another player's at all.
 */
export async function upsert(db: Executor, s: StoredSubscription, nowMs: number): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({
      endpoint: s.endpoint,
      player_id: s.playerId,
      p256dh: s.p256dh,
      auth: s.auth,
      created_at_ms: nowMs,
    })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ player_id: s.playerId, p256dh: s.p256dh, auth: s.auth, created_at_ms: nowMs }),
    )
    .execute();
}

/** Only the player's own row: a player cannot unsubscribe another's device by naming its endpoint. */
export async function removeOfPlayer(db: Executor, playerId: number, endpoint: string): Promise<number> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The push service said the subscription is gone (404/410): whoever owns it. */
export async function removeEndpoint(db: Executor, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

export async function ofPlayers(db: Executor, playerIds: readonly number[]): Promise<StoredSubscription[]> {
  if (playerIds.length === 0) return [];
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'player_id', 'p256dh', 'auth'])
    .where('player_id', 'in', [...playerIds])
    .execute();
  return rows.map((r) => ({
    endpoint: r.endpoint,
    playerId: Number(r.player_id),
    p256dh: r.p256dh,
    auth: r.auth,
  }));
}

/**
 * Players with a lotto 59 bet on a round whose first ball falls in (fromMs, toMs], placed at least
 * `leadMs` before that ball (a bet made in the last minute needs no reminder: the player is there).
 * Only subscribers: the join keeps the draw alert's query to the few who asked.
 */
export async function lotto59DrawSoon(
  db: Executor,
  fromMs: number,
  toMs: number,
  leadMs: number,
): Promise<{ playerId: number; roundId: number }[]> {
  const rows = await db
    .selectFrom('lotto59_rounds as r')
    .innerJoin('lotto59_bet_groups as g', 'g.round_id', 'r.id')
    .innerJoin('push_subscriptions as s', 's.player_id', 'g.player_id')
    .select(['g.player_id', 'r.id'])
    .distinct()
    .where('r.status', '=', 'OPEN')
    .where('r.first_ball_at_ms', '>', fromMs)
    .where('r.first_ball_at_ms', '<=', toMs)
    .whereRef('g.created_at_ms', '<=', (eb) => eb('r.first_ball_at_ms', '-', leadMs))
    .execute();
  return rows.map((r) => ({ playerId: Number(r.player_id), roundId: Number(r.id) }));
}

/** The same for the ticket lottery: open tickets of a draw whose time falls in (fromMs, toMs]. */
export async function lotteryDrawSoon(
  db: Executor,
  fromMs: number,
  toMs: number,
  leadMs: number,
): Promise<{ playerId: number; drawId: number }[]> {
  const rows = await db
    .selectFrom('lottery_draws as d')
    .innerJoin('lottery_tickets as t', 't.draw_id', 'd.id')
    .innerJoin('push_subscriptions as s', 's.player_id', 't.player_id')
    .select(['t.player_id', 'd.id'])
    .distinct()
    .where('d.draw_at_ms', '>', fromMs)
    .where('d.draw_at_ms', '<=', toMs)
    .where('t.status', '=', 'OPEN')
    .whereRef('t.created_at_ms', '<=', (eb) => eb('d.draw_at_ms', '-', leadMs))
    .execute();
  return rows.map((r) => ({ playerId: Number(r.player_id), drawId: Number(r.id) }));
}
