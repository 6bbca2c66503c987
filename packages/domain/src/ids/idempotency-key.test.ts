import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

describe('idempotency key (UUID v7)', () => {
  it('puts the time first, then version 7, the variant and the random bytes', () => {
    const at = Date.UTC(2026, 10, 21); // 1_795_219_200_000 ms = 0x01a1fb671800
    expect(newIdempotencyKey(at, (b) => b.fill(0xff))).toBe('01a1fb67-1800-7fff-bfff-ffffffffffff');
    expect(newIdempotencyKey(at, (b) => b.fill(0))).toBe('01a1fb67-1800-7000-8000-000000000000');
  });

  it('sorts in the order keys were made, and keys of one millisecond differ', () => {
    const random = (b: Uint8Array) => b.forEach((_, i) => (b[i] = Math.floor(Math.random() * 256)));
    const keys = [1_000, 1_001, 250_000, Date.UTC(2026, 10, 21)].map((ms) => newIdempotencyKey(ms, random));
    expect([...keys].sort()).toEqual(keys);
    const sameMs = new Set(Array.from({ length: 100 }, () => newIdempotencyKey(5, random)));
    expect(sameMs.size).toBe(100);
  });

  it('is accepted by the API header pattern', () => {
    expect(newIdempotencyKey(Date.now(), (b) => b.fill(7))).toMatch(/^[A-Za-z0-9-]{16,64}$/);
  });
});
