import { drawNumbers, jackpotMatches, serverSeedHash } from '@lotto59/domain';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { drawOf, pinNextDraws, seedWhoseDraw } from './lotto59-helpers';
import { DEFAULT_TEST_RANDOM_LABEL, SeededRandom } from './seeded-random';
import { createTestApp, type TestContext } from './test-app';

describe('the seeded random source of the test apps', () => {
  it('gives the same bytes for the same label, call after call, and other bytes for another label', () => {
    const a = new SeededRandom('one');
    const b = new SeededRandom('one');
    const first = [a.bytes(32), a.bytes(32), a.bytes(100)];
    expect([b.bytes(32), b.bytes(32), b.bytes(100)]).toEqual(first);
    expect(first[0]).not.toEqual(first[1]);
    expect(first[2]).toHaveLength(100);
    expect(new SeededRandom('two').bytes(32)).not.toEqual(first[0]);
    expect(new SeededRandom().label).toBe(DEFAULT_TEST_RANDOM_LABEL);
  });

  it('hands out pinned seeds first, in order, without moving the seeds of the other calls', () => {
    const plain = new SeededRandom('pins');
    const expected = [plain.bytes(32), plain.bytes(32), plain.bytes(32)];
    const pinnedOne = 'ab'.repeat(32);
    const random = new SeededRandom('pins');
    random.pinNextSeeds(pinnedOne);
    expect(random.pinnedLeft).toBe(1);
    expect(random.bytes(32).toString('hex')).toBe(pinnedOne);
    expect(random.pinnedLeft).toBe(0);
    expect([random.bytes(32), random.bytes(32)]).toEqual(expected.slice(1));
    expect(() => random.pinNextSeeds('AB'.repeat(32))).toThrow('not a server seed');
    random.pinNextSeeds(pinnedOne);
    expect(() => random.bytes(16)).toThrow('a pinned seed is 32 bytes');
  });

  it('finds, with the domain draw, a seed whose draw is the one asked for, and refuses an impossible wish', () => {
    const line = [1, 2, 3, 4, 5];
    const fourHits = seedWhoseDraw(7, (numbers) => jackpotMatches(line, numbers) >= 4);
    expect(jackpotMatches(line, drawNumbers(fourHits, 7))).toBeGreaterThanOrEqual(4);
    expect(seedWhoseDraw(7, (numbers) => jackpotMatches(line, numbers) >= 4)).toBe(fourHits);
    expect(() => seedWhoseDraw(7, (numbers) => numbers.includes(60))).toThrow('no candidate seed');
  });
});

describe.each(TEST_DIALECTS)('draws of the test apps on %s', (dialect) => {
  /** A fresh app and database that plays `closes` rounds of both pools; its rounds, oldest first. */
  async function playRounds(t: TestContext, closes: number) {
    const { scheduler } = t.app.services.lotto59;
    await scheduler.tick();
    for (let i = 0; i < closes; i++) {
      t.clock.advanceMs(60_000 * 5);
      await scheduler.tick();
    }
    return t.tdb.db
      .selectFrom('lotto59_rounds')
      .select(['id', 'poll', 'server_seed', 'server_seed_hash', 'numbers'])
      .orderBy('id')
      .execute();
  }

  /** The rounds a fresh app plays; the app and its database are gone before the next one is made. */
  async function roundsOfAFreshApp(closes: number, randomLabel?: string) {
    const t = await createTestApp(dialect, {}, undefined, randomLabel ? { randomLabel } : {});
    try {
      return await playRounds(t, closes);
    } finally {
      await t.close();
    }
  }

  it('are the same on every run: same seeds, same numbers; another label gives others', async () => {
    const first = await roundsOfAFreshApp(3);
    const again = await roundsOfAFreshApp(3);
    expect(first.length).toBeGreaterThanOrEqual(6);
    expect(first.filter((r) => r.numbers !== null).length).toBeGreaterThanOrEqual(4);
    expect(again).toEqual(first);
    for (const round of first) {
      expect(serverSeedHash(round.server_seed)).toBe(round.server_seed_hash);
      if (round.numbers !== null) expect(round.numbers).toBe(drawOf(round).join(','));
    }
    const other = await roundsOfAFreshApp(3, 'another label');
    expect(other.map((r) => r.server_seed)).not.toEqual(first.map((r) => r.server_seed));
  });

  it('can be pinned for the next rounds opened, at the ids the database then gives them', async () => {
    const t = await createTestApp(dialect);
    try {
      const rounds = await playRounds(t, 2);
      const line = [10, 20, 30, 40, 50];
      const threeHits = (numbers: number[]) => jackpotMatches(line, numbers) === 3;
      const ids = await pinNextDraws(t, 2, threeHits);
      expect(ids).toEqual([rounds.at(-1)!.id + 1, rounds.at(-1)!.id + 2]);
      t.clock.advanceMs(60_000 * 5);
      await t.app.services.lotto59.scheduler.tick();
      expect(t.random.pinnedLeft).toBe(0);
      const next = await Promise.all(ids.map((id) => t.app.services.lotto59.rounds.byId(id)));
      expect(next.map((r) => r.status)).toEqual(['OPEN', 'OPEN']);
      for (const round of next) expect(jackpotMatches(line, drawOf(round))).toBe(3);
    } finally {
      await t.close();
    }
  });
});
