export const SESSION_END_REASONS = [
  'logout',
  'replaced',
  'password_changed',
  'expired',
  'self_excluded',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export interface SessionsTable {
  /** sha-256 hex of the cookie token. */
  id: string;
  player_id: number;
  created_at_ms: number;
  last_seen_at_ms: number;
  ended_at_ms: number | null;
  end_reason: SessionEndReason | null;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginThrottleTable {
  /** `account:<username key>` or `address:<ip>`. */
  key: string;
  failures: number;
  window_start_ms: number;
  locked_until_ms: number | null;
}
