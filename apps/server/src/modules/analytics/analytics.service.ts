import type { AnalyticsEvent } from '@lotto59/contract';
import type { Db } from '../../db/database';
import type { Clock } from '../../platform/clock';
import { insertAnalyticsEvents, listAnalyticsEvents } from './analytics.repository';

/** Who sent a batch: the signed-in player, or null for a visitor of the public pages. */
export interface AnalyticsSource {
  playerId: number | null;
}

/**
 * Where analytics go (decisions §7). The product stores them in its own database; a hosted analytics
 * service can be plugged in by implementing this interface.
 */
export interface AnalyticsSink {
  record(events: readonly AnalyticsEvent[], source: AnalyticsSource, receivedAtMs: number): Promise<void>;
}

/** The built-in sink: the `analytics_events` table. */
export function databaseAnalyticsSink(db: Db): AnalyticsSink {
  return {
    async record(events, source, receivedAtMs) {
      await insertAnalyticsEvents(
        db,
        events.map((e) => ({
          received_at_ms: receivedAtMs,
          client_at_ms: e.at_ms,
          type: e.type,
          name: e.name,
          path: e.path ?? null,
          detail: e.detail ?? null,
          player_id: source.playerId,
        })),
      );
    },
  };
}

export class AnalyticsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sink: AnalyticsSink = databaseAnalyticsSink(db),
  ) {}

  /** Stores one batch; the contract has already capped its size. Returns how many were accepted. */
  async record(events: readonly AnalyticsEvent[], source: AnalyticsSource): Promise<number> {
    await this.sink.record(events, source, this.clock.nowMs());
    return events.length;
  }

  /** The latest stored events, newest first (the operator's `analytics` command). */
  list(filter: { limit: number; playerId?: number | undefined; type?: string | undefined }) {
    return listAnalyticsEvents(this.db, filter);
  }
}
