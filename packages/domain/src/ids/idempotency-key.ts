/**
 * The client's id of a money-moving call (decisions §3, tigerbeetle's reliable submission): a UUID
 * version 7 (RFC 9562): 48 bits of Unix time in milliseconds, then 74 random bits.
 *
 * Time first, so that keys made one after another sort one after another: the server's indexes on
 * keys then grow at their end instead of at a random page each time, which is most of what writing a
 * key costs under load (docs/performance.md). The random part keeps keys unguessable and distinct.
 * Pure: the caller gives the time and the random bytes (`crypto.getRandomValues`, which browsers also
 * offer on plain http, where `crypto.randomUUID` is missing).
 */
export function newIdempotencyKey(nowMs: number, fillRandom: (bytes: Uint8Array) => void): string {
  const bytes = new Uint8Array(16);
  fillRandom(bytes);
  let time = Math.floor(nowMs);
  for (let i = 5; i >= 0; i--) {
    bytes[i] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x70; // version 7
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
