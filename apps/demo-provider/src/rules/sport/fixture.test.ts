import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RuleAssertionError } from '../result';
import { clubByCode } from './clubs';
import { buildFixture, canonicalJson, deriveScore, fixtureCommitment, verifyFixtureResult } from './fixture';

const SEED = '5bfd02a12d89377308d99fe3e193429a3f21347e0c9670b1a36dcc473983f277';
const fixture = buildFixture(
  '20261123-0800-1',
  '2026-11-23T01:00:00.000Z',
  clubByCode('MEK')!,
  clubByCode('KKD')!,
);

/** The verifier's side, apart from fixture.ts: Node's HMAC and a linear scan of the published table. */
function referenceScore(seed: string, id: string, home: readonly number[], away: readonly number[]) {
  const digest = createHmac('sha256', seed).update(`fixture:${id}:0`).digest();
  const goals = (u: number, table: readonly number[]) => {
    let k = 0;
    while (!(u < table[k]!)) k += 1;
    return k;
  };
  return { home: goals(digest.readUInt32BE(0), home), away: goals(digest.readUInt32BE(4), away) };
}

describe('the fixture commitment (providers.md §7.4)', () => {
  it('publishes teams, kick-off, exact λs, odds and both threshold tables', () => {
    expect(fixture).toMatchObject({
      home: 'MEK',
      away: 'KKD',
      lambdaHomeMillionths: 1_980_000,
      lambdaAwayMillionths: 748_800,
      odds: { oneXTwo: { home: 143, draw: 464, away: 717 } },
    });
    expect(fixture.homeThresholds.slice(0, 2)).toEqual([593_002_858, 1_767_148_519]);
    expect(fixture.awayThresholds).toHaveLength(11);
  });

  it('canonical JSON sorts keys at every level, has no whitespace and only integers', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 'x', c: 2 }] })).toBe('{"a":[{"c":2,"d":"x"}],"b":1}');
    expect(() => canonicalJson({ lambda: 1.98 })).toThrow(RuleAssertionError);
    const json = canonicalJson(fixture);
    expect(json.startsWith('{"away":"KKD","awayThresholds":[')).toBe(true);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(fixture)));
  });

  it('commits SHA-256 of the seed and of the canonical JSON', () => {
    expect(fixtureCommitment(fixture, SEED)).toEqual({
      seedHash: createHash('sha256').update(SEED).digest('hex'),
      fixtureHash: createHash('sha256').update(canonicalJson(fixture)).digest('hex'),
    });
  });

  it('derives the score from words 0 and 1 of HMAC(seed, "fixture:<id>:0"), as an independent verifier does', () => {
    const expected = referenceScore(SEED, fixture.id, fixture.homeThresholds, fixture.awayThresholds);
    expect(deriveScore(SEED, fixture)).toEqual(expected);
    for (let n = 0; n < 300; n++) {
      const id = `f${n}`;
      expect(deriveScore(SEED, { ...fixture, id })).toEqual(
        referenceScore(SEED, id, fixture.homeThresholds, fixture.awayThresholds),
      );
    }
  });

  it('scores follow the model: over 4,000 fixtures the mean goals are near λ', () => {
    let home = 0;
    let away = 0;
    const n = 4_000;
    for (let i = 0; i < n; i++) {
      const score = deriveScore(SEED, { ...fixture, id: `mean-${i}` });
      home += score.home;
      away += score.away;
    }
    // Standard errors √(λ/n): 0.022 and 0.014; the bounds are 5 of them.
    expect(Math.abs(home / n - 1.98)).toBeLessThan(0.11);
    expect(Math.abs(away / n - 0.7488)).toBeLessThan(0.07);
  });

  it('a result re-derives from its published commitment, and a tampered fixture or seed does not verify', () => {
    const published = canonicalJson(fixture);
    const commitment = fixtureCommitment(fixture, SEED);
    expect(verifyFixtureResult(SEED, published, commitment)).toEqual(deriveScore(SEED, fixture));
    expect(verifyFixtureResult(SEED, published.replace('"home":143', '"home":150'), commitment)).toBeNull();
    expect(verifyFixtureResult('00'.repeat(32), published, commitment)).toBeNull();
    expect(verifyFixtureResult('not a seed', published, commitment)).toBeNull();
  });

  it('refuses a fixture id that could change the HMAC message, and a club against itself', () => {
    expect(() => buildFixture('a:b', 'x', clubByCode('MEK')!, clubByCode('KKD')!)).toThrow(
      RuleAssertionError,
    );
    expect(() => buildFixture('a', 'x', clubByCode('MEK')!, clubByCode('MEK')!)).toThrow(RuleAssertionError);
  });
});
