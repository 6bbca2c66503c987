import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import { createTestApp, type TestContext } from '../../../../test/test-app';

const HOUR = 3_600_000;
const DAILY = ['VN-S', 'VN-C', 'VN-N', 'KH-4', 'KH-5', 'KH-6'];
const TN_HOURS = ['09', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20', '21'];

/** The draw codes of a local day (YYYYMMDD) of the default schedule whose hour passes `keep`. */
function codesOfDay(day: string, keep: (hour: number) => boolean): string[] {
  const daily = [16, 17, 18, 16, 17, 18].map((hour, i) => ({ hour, code: `${DAILY[i]!}-${day}` }));
  const tn = TN_HOURS.map((h) => ({ hour: Number(h), code: `TN-${day}-${h}00` }));
  return [...daily, ...tn].filter((d) => keep(d.hour)).map((d) => d.code);
}

/**
 * Issue 14: draw rows exist 48 h ahead (LOTTERY_AHEAD_HOURS, default 48), each with its committed seed
 * hash, so a player can buy for the day after tomorrow's morning draws. The expected codes are written
 * out from the default schedule, not computed by the code under test.
 */
describe.each(TEST_DIALECTS)('lottery draws created ahead on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const futureCodes = async () =>
    (
      await t.tdb.db
        .selectFrom('lottery_draws')
        .select(['code', 'server_seed_hash', 'draw_at_ms'])
        .where('draw_at_ms', '>', t.clock.nowMs())
        .orderBy('code')
        .execute()
    ).map((d) => {
      expect(d.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(Number(d.draw_at_ms)).toBeLessThanOrEqual(t.clock.nowMs() + 48 * HOUR);
      return d.code;
    });

  it('holds every scheduled draw of the next 48 hours, and moves the window with the clock', async () => {
    // The test clock starts at 2026-11-21 12:00 in Phnom Penh: the window ends on the 23rd at 12:00.
    expect(t.config.LOTTERY_AHEAD_HOURS).toBe(48);
    await t.app.services.lottery.scheduler.tick();
    expect(await futureCodes()).toEqual(
      [
        ...codesOfDay('20261121', (h) => h > 12),
        ...codesOfDay('20261122', () => true),
        ...codesOfDay('20261123', (h) => h <= 12),
      ].sort(),
    );

    // A day later the window reaches the 24th at 12:00; the 21st's draws are behind.
    t.clock.advanceMs(24 * HOUR);
    await t.app.services.lottery.scheduler.tick();
    expect(await futureCodes()).toEqual(
      [
        ...codesOfDay('20261122', (h) => h > 12),
        ...codesOfDay('20261123', () => true),
        ...codesOfDay('20261124', (h) => h <= 12),
      ].sort(),
    );
  });
});
