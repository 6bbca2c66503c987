import type { Generated } from 'kysely';

/** One screen view, client error or failed call reported by the web app (decisions §7). */
export interface AnalyticsEventsTable {
  id: Generated<number>;
  /** When the server stored it. */
  received_at_ms: number;
  /** When it happened on the player's device (as the device's clock says). */
  client_at_ms: number;
  type: string;
  name: string;
  path: string | null;
  detail: string | null;
  /** The signed-in player, or null for a visitor. */
  player_id: number | null;
}
