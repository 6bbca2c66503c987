import { randomBytes, randomUUID } from 'node:crypto';
import type { FairRotateReply, FairState } from '../api/game-api';
import { isClientSeed, serverSeedHash } from '../rules';
import type { StudioContext } from './context';
import { GameError } from './errors';
import {
  closeSeedPair,
  insertSeedPair,
  openSeedPair,
  pairHasBettingRound,
  type SeedPair,
  seedPairById,
  setClientSeed,
} from './store';

/* The player's seed pairs (providers.md §6): shown by hash, client seed settable, rotation reveals. */

const newServerSeed = (): string => randomBytes(32).toString('hex');
/** The default client seed: 16 random hex characters (§6). */
const newClientSeed = (): string => randomBytes(8).toString('hex');

function newPair(user: string, provider: string, clientSeed: string, now: number): SeedPair {
  const serverSeed = newServerSeed();
  return {
    id: randomUUID(),
    user_id: user,
    provider,
    server_seed: serverSeed,
    server_seed_hash: serverSeedHash(serverSeed),
    client_seed: clientSeed,
    next_nonce: 0,
    created_at: now,
    rotated_at: null,
  };
}

export const fairStateOf = (pair: SeedPair): FairState => ({
  server_seed_hash: pair.server_seed_hash,
  client_seed: pair.client_seed,
  next_nonce: pair.next_nonce,
});

/** The open pair, created on first use (a racing creator's pair wins; ours is dropped by the unique index). */
export async function ensureSeedPair(ctx: StudioContext, user: string, provider: string): Promise<SeedPair> {
  const open = await openSeedPair(ctx.db, user, provider);
  if (open) return open;
  await insertSeedPair(ctx.db, newPair(user, provider, newClientSeed(), ctx.clock()));
  const created = await openSeedPair(ctx.db, user, provider);
  if (!created) throw new Error('seed pair missing after insert');
  return created;
}

export function checkClientSeed(value: string): string {
  if (!isClientSeed(value))
    throw new GameError('INVALID_REQUEST', 'client seed: 1-64 characters of A-Z a-z 0-9 _ -');
  return value;
}

export async function changeClientSeed(
  ctx: StudioContext,
  user: string,
  provider: string,
  clientSeed: string,
): Promise<FairState> {
  checkClientSeed(clientSeed);
  const pair = await ensureSeedPair(ctx, user, provider);
  await setClientSeed(ctx.db, pair.id, clientSeed);
  return fairStateOf({ ...pair, client_seed: clientSeed });
}

/**
 * Closes the open pair (revealing its server seed) and opens a new one, keeping or replacing the client seed.
 * Refused while a round of the pair waits for the wallet (decision 0042): its outcome is already fixed by the
 * seed, and a player who saw it could act on the round before its bet is settled (let it fail, or not).
 */
export async function rotateSeedPair(
  ctx: StudioContext,
  user: string,
  provider: string,
  clientSeed?: string,
): Promise<FairRotateReply> {
  if (clientSeed !== undefined) checkClientSeed(clientSeed);
  await ensureSeedPair(ctx, user, provider);
  return ctx.db.transaction().execute(async (trx) => {
    const previous = await openSeedPair(trx, user, provider);
    if (!previous || !(await closeSeedPair(trx, previous.id, ctx.clock())))
      throw new GameError('INVALID_REQUEST', 'the seed pair changed meanwhile; try again');
    // Read after closing: the closing update waited for any round that was taking a nonce, so a round of the
    // pair is in the rounds table by now, and none can take a nonce of it any more.
    if (await pairHasBettingRound(trx, previous.id))
      throw new GameError(
        'INVALID_REQUEST',
        'a round of this seed pair is still waiting for the wallet; rotate once it has its result',
      );
    const closed = (await seedPairById(trx, previous.id))!;
    const next = newPair(user, provider, clientSeed ?? previous.client_seed, ctx.clock());
    await insertSeedPair(trx, next);
    return {
      previous: {
        server_seed: previous.server_seed,
        server_seed_hash: previous.server_seed_hash,
        client_seed: previous.client_seed,
        last_nonce: closed.next_nonce > 0 ? closed.next_nonce - 1 : null,
      },
      current: fairStateOf(next),
    };
  });
}
