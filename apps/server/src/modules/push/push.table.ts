/** One web push subscription per device (migration 0020, decision 0051). */
export interface PushSubscriptionsTable {
  /** The push service's URL for this device: unique, and what a 404/410 answer names as gone. */
  endpoint: string;
  player_id: number;
  /** The browser's P-256 public key, base64url (RFC 8291's ua_public). */
  p256dh: string;
  /** The 16-byte auth secret, base64url. */
  auth: string;
  created_at_ms: number;
}
