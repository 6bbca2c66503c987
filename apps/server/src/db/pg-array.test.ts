import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgArray } from './pg-array';

describe('pgArray, the literal of an array parameter', () => {
  it('writes numbers bare, plain strings in one join, and escapes only what needs it', () => {
    expect(pgArray([])).toBe('{}');
    expect(pgArray([1, -2, 9_007_199_254_740_991])).toBe('{1,-2,9007199254740991}');
    expect(pgArray(['a:1', 'b c', 'NULL', ''])).toBe('{"a:1","b c","NULL",""}');
    expect(pgArray(['say "hi"', 'back\\slash', null, 7])).toBe('{"say \\"hi\\"","back\\\\slash",NULL,7}');
  });
});

// What the server makes of the literal: the same array as node-postgres's own serialization gives it.
describe.skipIf(!process.env.TEST_DATABASE_URL)('pgArray read back by PostgreSQL', () => {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  const readBack = async (literal: unknown, type: 'text[]' | 'bigint[]') =>
    (await client.query<{ a: (string | null)[] }>(`select cast($1 as ${type}) as a`, [literal])).rows[0]!.a;

  // Any text PostgreSQL can hold (no NUL), the characters the literal syntax gives meaning to, and NULL.
  const text = fc.oneof(
    fc.string({ unit: 'binary' }).map((s) => s.replaceAll('\u0000', '')),
    fc.constantFrom('NULL', 'null', '"', '\\', '\\"', '{', '}', ',', ' ', '', ' x ', 'ឡូតូ 59', '{"a",NULL}'),
    fc.constant(null),
  );

  it('round-trips any text[] as node-postgres does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(text, { maxLength: 20 }), async (values) => {
        const ours = await readBack(pgArray(values), 'text[]');
        expect(ours).toEqual(values);
        expect(await readBack(values, 'text[]')).toEqual(ours);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips any bigint[] within the safe integers, nulls among them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.maxSafeInteger(), fc.constant(null)), { maxLength: 20 }),
        async (values) => {
          const ours = await readBack(pgArray(values), 'bigint[]');
          expect(ours).toEqual(values.map((v) => (v === null ? null : String(v))));
          expect(await readBack(values, 'bigint[]')).toEqual(ours);
        },
      ),
      { numRuns: 300 },
    );
  });
});
