import type { SessionsTable } from './auth.table';

type LiveSession = Pick<SessionsTable, 'id' | 'player_id' | 'created_at_ms' | 'last_seen_at_ms'>;

/**
 * Live sessions remembered for a moment, so an authenticated call does not read the sessions table every
 * time (it was the largest database cost of a bet). Ending a session in this process drops it here at
 * once; another process (server mode) may serve it for at most `ttlMs` more (docs/decisions/0003).
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: LiveSession; cachedAtMs: number }>();
  /**
   * Bumped by every invalidation. A lookup that started before an invalidation must not put its
   * (possibly stale) row back: `set` ignores rows read under an older generation.
   */
  private generationCounter = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly entriesMax = 100_000,
  ) {}

  generation(): number {
    return this.generationCounter;
  }

  get(id: string, nowMs: number): LiveSession | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (nowMs - entry.cachedAtMs >= this.ttlMs) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.session;
  }

  set(session: LiveSession, nowMs: number, readUnderGeneration: number): void {
    if (this.ttlMs <= 0 || readUnderGeneration !== this.generationCounter) return;
    if (this.entries.size >= this.entriesMax) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(session.id, { session, cachedAtMs: nowMs });
  }

  /** Records a new last-seen time written to the database (idle timeout counts from it). */
  touch(id: string, lastSeenAtMs: number): void {
    const entry = this.entries.get(id);
    if (entry) entry.session = { ...entry.session, last_seen_at_ms: lastSeenAtMs };
  }

  drop(id: string): void {
    this.generationCounter += 1;
    this.entries.delete(id);
  }

  dropPlayer(playerId: number): void {
    this.generationCounter += 1;
    for (const [id, entry] of this.entries) {
      if (entry.session.player_id === playerId) this.entries.delete(id);
    }
  }
}
