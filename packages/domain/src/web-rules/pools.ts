import { POOLS, type Pool } from '../lotto59/constants';
import type { PoolSettings } from './player-cookies';

/*
 * Seed §4: which pool (round stream) a player may watch and bet on. Kept apart from the cookie rules so that
 * the start-up bundle, which applies those, does not carry the game's vocabularies.
 */

export function isPool(value: unknown): value is Pool {
  return typeof value === 'string' && (POOLS as readonly string[]).includes(value);
}

/** The pools a player may switch to: POLL_1 only while the setting allows it (the poll cookie rule), POLL_2 always. */
export function choosablePools(user: PoolSettings): Pool[] {
  return POOLS.filter((pool) => pool !== 'POLL_1' || user.setting.enabled_poll_1);
}
