import { z } from 'zod/mini';

/**
 * Web push (issue 26 item 3, decision 0051). `GET /api/v1/push/key`: the server's VAPID public key, which
 * the browser's `pushManager.subscribe` takes as `applicationServerKey`; `enabled` is false when the server
 * has no key pair (server mode without VAPID_* configured), and the app then offers no opt-in.
 */
export const pushKeySchema = z.object({
  enabled: z.boolean(),
  /** base64url of the 65-byte uncompressed P-256 point; '' when disabled. */
  public_key: z.string(),
});
export type PushKey = z.infer<typeof pushKeySchema>;

const base64url = (min: number, max: number) =>
  z.string().check(z.minLength(min), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+={0,2}$/));

/**
 * `POST /api/v1/push/subscriptions`: `PushSubscription.toJSON()` as the browser gives it (endpoint and
 * keys; `expirationTime` is accepted and ignored). One row per endpoint: subscribing again from the same
 * device replaces it, and a device subscribed by another player passes to the one signed in now.
 */
export const pushSubscribeRequestSchema = z.object({
  endpoint: z.string().check(z.minLength(10), z.maxLength(2048), z.url()),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    /** The browser's P-256 public key (65 bytes: 87 characters of base64url, 88 with padding). */
    p256dh: base64url(80, 100),
    /** The 16-byte auth secret (22 characters, 24 with padding). */
    auth: base64url(16, 32),
  }),
});
export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequestSchema>;

/** `DELETE /api/v1/push/subscriptions`: this device's endpoint; only the player's own row goes. */
export const pushUnsubscribeRequestSchema = z.object({
  endpoint: z.string().check(z.minLength(10), z.maxLength(2048)),
});
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequestSchema>;

/**
 * What a push carries to the service worker (encrypted, RFC 8291). No amount: what a player won is shown
 * inside the app only (a lock screen is public). `url` is the page a tap on the notification opens.
 */
export const pushMessageSchema = z.object({
  type: z.enum(['ticket_won', 'draw_soon']),
  game: z.enum(['lotto59', 'lottery']),
  url: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
