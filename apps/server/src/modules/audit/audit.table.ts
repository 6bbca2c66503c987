import type { Generated } from 'kysely';

export interface AuditTable {
  id: Generated<number>;
  at_ms: number;
  kind: string;
  player_id: number | null;
  ip: string | null;
  /** JSON object; never a password, a session token or an XSRF token. */
  detail: string | null;
}
