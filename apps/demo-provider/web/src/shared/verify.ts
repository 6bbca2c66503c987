import type { HistoryRound } from '../../../src/api/game-api';
import { dealCoup, fairWordSource, isServerSeed, serverSeedHash, spinFromStream } from '../../../src/rules';

/*
 * The fairness panel's check, done entirely in the player's browser with the studio's published rules: the
 * revealed server seed must hash to the hash shown before play, and the (server seed, client seed, nonce) stream
 * must give back exactly the recorded result. Nothing of the server's answer is trusted but the record itself.
 */

export interface Verification {
  /** 'pending' while the seed pair is not rotated yet (the seed is still secret). */
  status: 'match' | 'mismatch' | 'pending';
  hashOk: boolean;
  /** The hash was one this page showed before the round was played (false when the page never saw it). */
  hashShown: boolean;
  derived: string;
  recorded: string;
}

function describeRecorded(round: HistoryRound): string {
  const result = round.result;
  if ('stops' in result) return result.stops.join(', ');
  return `${result.deal_order.map((d) => `${d.hand[0]}${d.card}`).join(', ')} → ${result.outcome}`;
}

/** Re-derives the round's result from its seeds, in the same words describeRecorded uses for the record. */
function derive(round: HistoryRound, serverSeed: string): string {
  const source = fairWordSource(serverSeed, round.client_seed, round.nonce);
  if ('stops' in round.result) return spinFromStream(source).join(', ');
  const coup = dealCoup(source);
  const order = [
    `P${coup.player[0]!.id}`,
    `B${coup.banker[0]!.id}`,
    `P${coup.player[1]!.id}`,
    `B${coup.banker[1]!.id}`,
  ];
  if (coup.player[2]) order.push(`P${coup.player[2].id}`);
  if (coup.banker[2]) order.push(`B${coup.banker[2].id}`);
  return `${order.join(', ')} → ${coup.outcome}`;
}

export function verifyRound(round: HistoryRound, shownHashes: ReadonlySet<string>): Verification {
  const recorded = describeRecorded(round);
  const hashShown = shownHashes.has(round.server_seed_hash);
  const seed = round.server_seed;
  if (seed === null) return { status: 'pending', hashOk: false, hashShown, derived: '', recorded };
  if (!isServerSeed(seed)) return { status: 'mismatch', hashOk: false, hashShown, derived: '', recorded };
  const hashOk = serverSeedHash(seed) === round.server_seed_hash;
  let derived: string;
  try {
    derived = derive(round, seed);
  } catch {
    // A client seed or nonce the rules refuse cannot have produced a fair round.
    return { status: 'mismatch', hashOk, hashShown, derived: '', recorded };
  }
  return {
    status: hashOk && derived === recorded ? 'match' : 'mismatch',
    hashOk,
    hashShown,
    derived,
    recorded,
  };
}
