import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const session = (id: string, playerId: number) => ({
  id,
  player_id: playerId,
  created_at_ms: 0,
  last_seen_at_ms: 0,
});

describe('session cache', () => {
  it('serves an entry until its time to live passes', () => {
    const cache = new SessionCache(2000);
    cache.set(session('a', 1), 1000, cache.generation());
    expect(cache.get('a', 2999)?.player_id).toBe(1);
    expect(cache.get('a', 3000)).toBeUndefined();
  });

  it('drops one session, or every session of a player, at once', () => {
    const cache = new SessionCache(60_000);
    cache.set(session('a', 1), 0, cache.generation());
    cache.set(session('b', 1), 0, cache.generation());
    cache.set(session('c', 2), 0, cache.generation());
    cache.drop('c');
    expect(cache.get('c', 1)).toBeUndefined();
    cache.dropPlayer(1);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('refuses a row read before an invalidation (a lookup racing a logout)', () => {
    const cache = new SessionCache(60_000);
    const readUnder = cache.generation();
    cache.drop('a'); // the logout commits while the lookup is in flight
    cache.set(session('a', 1), 0, readUnder);
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it('keeps at most its capacity, evicting the oldest', () => {
    const cache = new SessionCache(60_000, 2);
    for (const id of ['a', 'b', 'c']) cache.set(session(id, 1), 0, cache.generation());
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.id).toBe('c');
  });

  it('caches nothing with a zero time to live', () => {
    const cache = new SessionCache(0);
    cache.set(session('a', 1), 0, cache.generation());
    expect(cache.get('a', 0)).toBeUndefined();
  });
});
