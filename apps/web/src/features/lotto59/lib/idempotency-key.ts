import { newIdempotencyKey as newKeyAt } from '@lotto59/domain';

/** A new idempotency key (UUID v7, packages/domain) from the device's clock and getRandomValues. */
export function newIdempotencyKey(
  fill: (bytes: Uint8Array) => void = (bytes) => crypto.getRandomValues(bytes),
  nowMs: number = Date.now(),
): string {
  return newKeyAt(nowMs, fill);
}
