import type { Executor } from '../../../db/database';
import type { FishingSessionState } from '../fishing/fishing.table';

// SQL of the fishing report. Every query is bound to one player: no call can reach another player's sessions.

export interface FishingSessionFilter {
  playerId: number;
  fromMs: number;
  toMs: number;
  states: readonly FishingSessionState[];
  gameCode?: string | undefined;
}

function sessionsOf(ex: Executor, f: FishingSessionFilter) {
  // `player_id, started_at_ms` is the index of migration 0007 (fishing_sessions_player_idx).
  let q = ex
    .selectFrom('fishing_sessions')
    .where('player_id', '=', f.playerId)
    .where('started_at_ms', '>=', f.fromMs)
    .where('started_at_ms', '<', f.toMs)
    .where('state', 'in', f.states);
  if (f.gameCode !== undefined) q = q.where('game_code', '=', f.gameCode);
  return q;
}

const COLUMNS = [
  'id',
  'provider',
  'game_code',
  'state',
  'started_at_ms',
  'ended_at_ms',
  'transfer_in',
  'transfer_out',
  'shots',
  'stake',
  'payout',
] as const;

export function listFishingSessions(
  ex: Executor,
  f: FishingSessionFilter,
  page: { limit: number; offset: number },
) {
  return sessionsOf(ex, f)
    .select(COLUMNS)
    .orderBy('started_at_ms', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Every session of the filter (a total needs them all; one player's sessions in at most 31 days). */
export function allFishingSessions(ex: Executor, f: FishingSessionFilter) {
  return sessionsOf(ex, f).select(COLUMNS).execute();
}

export async function countFishingSessions(ex: Executor, f: FishingSessionFilter): Promise<number> {
  const row = await sessionsOf(ex, f)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Provider 5's rounds of one player from `fromMs` on (the seamless wallet's record, with its meta). */
export function seamlessFishingRounds(ex: Executor, playerId: number, fromMs: number, toMs: number) {
  return ex
    .selectFrom('provider_rounds')
    .select(['stake', 'payout', 'status', 'win_meta', 'created_at_ms'])
    .where('player_id', '=', playerId)
    .where('provider', '=', '5')
    .where('created_at_ms', '>=', fromMs)
    .where('created_at_ms', '<', toMs)
    .execute();
}
