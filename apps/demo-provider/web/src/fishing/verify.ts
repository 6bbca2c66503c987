import type { HistoryShot } from '../../../src/api/game-api';
import { fairWordSource, isServerSeed, resolveShot, serverSeedHash } from '../../../src/rules';

/*
 * The fairness check of a shot, in the player's browser with the published rules: the revealed seed must hash
 * to the hash shown before play, and (seed, client seed, nonce) must give back the recorded capture and
 * multiplier for that fish and level.
 */

export interface ShotVerification {
  status: 'match' | 'mismatch' | 'pending';
  hashOk: boolean;
  derived: string;
  recorded: string;
}

const describe = (captured: boolean, multiplier: number): string => (captured ? `× ${multiplier}` : '—');

export function verifyShot(shot: HistoryShot): ShotVerification {
  const recorded = describe(shot.captured, shot.multiplier);
  const seed = shot.server_seed;
  if (seed === null) return { status: 'pending', hashOk: false, derived: '', recorded };
  if (!isServerSeed(seed)) return { status: 'mismatch', hashOk: false, derived: '', recorded };
  const hashOk = serverSeedHash(seed) === shot.server_seed_hash;
  let derived = '';
  try {
    const outcome = resolveShot(fairWordSource(seed, shot.client_seed, shot.nonce), shot.fish, shot.level);
    derived = outcome.ok ? describe(outcome.value.captured, outcome.value.multiplier) : '';
  } catch {
    derived = '';
  }
  return { status: hashOk && derived === recorded ? 'match' : 'mismatch', hashOk, derived, recorded };
}
