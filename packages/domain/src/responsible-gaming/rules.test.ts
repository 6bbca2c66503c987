import { describe, expect, it } from 'vitest';
import {
  BREAK_DAYS,
  EXCLUSION_MONTHS,
  RG_CONFIRM_WINDOW_MS,
  RG_KINDS,
  isRgLimitAmount,
  rgBreakUntil,
  rgChangeOf,
  rgCountsOf,
  rgDecide,
  rgExclusionUntil,
  rgIsStake,
  rgNearLimit,
  rgNextRealityCheckMs,
  rgPendingStatus,
  rgPeriodRange,
  rgPeriodStarts,
  rgRemaining,
  rgTightest,
  rgUsed,
  type RgLimitState,
  type RgMovement,
} from './rules';

const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
// Wednesday 2026-11-25 10:00 in Phnom Penh (UTC+7) = 03:00 UTC.
const WED = Date.UTC(2026, 10, 25, 3, 0);

describe('periods in Phnom Penh time (spec §1)', () => {
  it('DAY runs from local midnight to the next', () => {
    const r = rgPeriodRange('DAY', WED);
    expect([iso(r.startMs), iso(r.endMs)]).toEqual(['2026-11-24T17:00:00.000Z', '2026-11-25T17:00:00.000Z']);
  });
  it('WEEK runs from Monday 00:00', () => {
    const r = rgPeriodRange('WEEK', WED);
    expect([iso(r.startMs), iso(r.endMs)]).toEqual(['2026-11-22T17:00:00.000Z', '2026-11-29T17:00:00.000Z']);
    // A Sunday 23:59 local still belongs to the week that began the Monday before.
    const sunday = Date.UTC(2026, 10, 29, 16, 59);
    expect(iso(rgPeriodRange('WEEK', sunday).startMs)).toBe('2026-11-22T17:00:00.000Z');
    // Monday 00:00 local begins the next one.
    expect(iso(rgPeriodRange('WEEK', sunday + 60_000).startMs)).toBe('2026-11-29T17:00:00.000Z');
  });
  it('MONTH runs from the 1st 00:00, across a year end', () => {
    const r = rgPeriodRange('MONTH', Date.UTC(2026, 11, 31, 16, 59)); // 31 Dec 23:59 local
    expect([iso(r.startMs), iso(r.endMs)]).toEqual(['2026-11-30T17:00:00.000Z', '2026-12-31T17:00:00.000Z']);
    // 1 Jan 00:00 local is already January, though still 31 Dec in UTC.
    expect(iso(rgPeriodRange('MONTH', Date.UTC(2026, 11, 31, 17, 0)).startMs)).toBe(
      '2026-12-31T17:00:00.000Z',
    );
  });
  it('gives the three starts the counters are kept under', () => {
    const s = rgPeriodStarts(WED);
    expect([iso(s.DAY), iso(s.WEEK), iso(s.MONTH)]).toEqual([
      '2026-11-24T17:00:00.000Z',
      '2026-11-22T17:00:00.000Z',
      '2026-10-31T17:00:00.000Z',
    ]);
  });

  it('answers anew from the first instant of the next local day (the last answer is kept for its day only)', () => {
    // Sunday 2026-11-29 23:59:59.999 and Monday 00:00 in Phnom Penh, asked in turn: a new day and a new week;
    // then 2026-11-30 23:59:59.999 and Tuesday 2026-12-01 00:00: a new day and a new month, the same week.
    const sundayLast = Date.UTC(2026, 10, 29, 16, 59, 59, 999);
    const asked = [sundayLast, sundayLast + 1, sundayLast + 24 * H, sundayLast + 24 * H + 1, sundayLast];
    expect(asked.map((at) => Object.values(rgPeriodStarts(at)).map(iso))).toEqual([
      ['2026-11-28T17:00:00.000Z', '2026-11-22T17:00:00.000Z', '2026-10-31T17:00:00.000Z'],
      ['2026-11-29T17:00:00.000Z', '2026-11-29T17:00:00.000Z', '2026-10-31T17:00:00.000Z'],
      ['2026-11-29T17:00:00.000Z', '2026-11-29T17:00:00.000Z', '2026-10-31T17:00:00.000Z'],
      ['2026-11-30T17:00:00.000Z', '2026-11-29T17:00:00.000Z', '2026-11-30T17:00:00.000Z'],
      ['2026-11-28T17:00:00.000Z', '2026-11-22T17:00:00.000Z', '2026-10-31T17:00:00.000Z'],
    ]);
    // Another time zone is never answered from the last one's day.
    expect(iso(rgPeriodStarts(sundayLast, 'UTC').DAY)).toBe('2026-11-29T00:00:00.000Z');
    expect(iso(rgPeriodStarts(sundayLast).DAY)).toBe('2026-11-28T17:00:00.000Z');
  });
});

describe('what counts (spec §2)', () => {
  const rows: [RgMovement, 'wager' | 'payout' | 'deposit' | null][] = [
    ['LOTTO59_BET', 'wager'],
    ['LOTTO59_JACKPOT_LINE', 'wager'],
    ['LOTTERY_TICKET', 'wager'],
    ['SEAMLESS_BET', 'wager'],
    ['TRANSFER_IN', 'wager'],
    ['LOTTO59_WIN', 'payout'],
    ['LOTTERY_WIN', 'payout'],
    ['SEAMLESS_WIN', 'payout'],
    ['REFUND', 'payout'],
    ['ROLLBACK', 'payout'],
    ['TRANSFER_OUT', 'payout'],
    ['DEPOSIT', 'deposit'],
    ['WITHDRAWAL', null],
  ];
  it.each(rows)('%s counts as %s', (movement, counter) => {
    const counts = rgCountsOf(movement, 700);
    expect(counts).toEqual({
      wager: counter === 'wager' ? 700 : 0,
      payout: counter === 'payout' ? 700 : 0,
      deposit: counter === 'deposit' ? 700 : 0,
    });
    expect(rgIsStake(movement)).toBe(counter === 'wager');
  });

  it('loss is wager minus payouts, negative in a winning period, and gives no extra room then', () => {
    const usage = { wager: 5_000, payout: 8_000, deposit: 2_000 };
    expect(rgUsed('WAGER', usage)).toBe(5_000);
    expect(rgUsed('DEPOSIT', usage)).toBe(2_000);
    expect(rgUsed('LOSS', usage)).toBe(-3_000);
    expect(rgRemaining(10_000, rgUsed('LOSS', usage))).toBe(10_000);
    expect(rgRemaining(10_000, 4_000)).toBe(6_000);
    expect(rgRemaining(10_000, 12_000)).toBe(0);
  });
});

describe('the tightest limit decides (spec §1, §3)', () => {
  const limits: RgLimitState[] = [
    { kind: 'WAGER', period: 'DAY', amount: 50_000, used: 10_000 },
    { kind: 'LOSS', period: 'WEEK', amount: 100_000, used: 70_000 },
    { kind: 'DEPOSIT', period: 'DAY', amount: 5_000, used: 4_000 },
  ];
  it('a stake is judged by wager and loss limits, the one with least room', () => {
    expect(rgTightest(limits, 'LOTTO59_BET')).toMatchObject({
      kind: 'LOSS',
      period: 'WEEK',
      remaining: 30_000,
    });
  });
  it('a deposit only by deposit limits', () => {
    expect(rgTightest(limits, 'DEPOSIT')).toMatchObject({ kind: 'DEPOSIT', remaining: 1_000 });
  });
  it('a stake that fits exactly is accepted, one riel more is refused with the room', () => {
    const state = { breakUntilMs: null, excludedUntilMs: null, limits };
    expect(rgDecide(WED, 'SEAMLESS_BET', 30_000, state)).toEqual({ ok: true });
    expect(rgDecide(WED, 'SEAMLESS_BET', 30_001, state)).toEqual({
      ok: false,
      code: 'LIMIT_REACHED',
      kind: 'LOSS',
      period: 'WEEK',
      remaining: 30_000,
    });
    expect(rgDecide(WED, 'DEPOSIT', 1_001, state)).toMatchObject({ code: 'LIMIT_REACHED', kind: 'DEPOSIT' });
  });
  it('payouts are never refused, not even during an exclusion or past every limit', () => {
    const state = {
      breakUntilMs: WED + H,
      excludedUntilMs: WED + 1000 * H,
      limits: [{ kind: 'LOSS' as const, period: 'DAY' as const, amount: 1_000, used: 9_000 }],
    };
    for (const m of [
      'LOTTO59_WIN',
      'LOTTERY_WIN',
      'SEAMLESS_WIN',
      'REFUND',
      'ROLLBACK',
      'TRANSFER_OUT',
    ] as const) {
      expect(rgDecide(WED, m, 1_000_000, state)).toEqual({ ok: true });
    }
  });
  it('a break refuses stakes with ON_BREAK, an exclusion with SELF_EXCLUDED (which outranks a break)', () => {
    expect(
      rgDecide(WED, 'TRANSFER_IN', 1, { breakUntilMs: WED + H, excludedUntilMs: null, limits: [] }),
    ).toEqual({
      ok: false,
      code: 'ON_BREAK',
      until: WED + H,
    });
    const both = { breakUntilMs: WED + H, excludedUntilMs: WED + 2 * H, limits: [] };
    expect(rgDecide(WED, 'LOTTERY_TICKET', 1, both)).toEqual({
      ok: false,
      code: 'SELF_EXCLUDED',
      until: WED + 2 * H,
    });
    // Ended ones refuse nothing.
    expect(rgDecide(WED + 2 * H, 'LOTTERY_TICKET', 1, both)).toEqual({ ok: true });
  });
});

describe('changes of a limit (spec §1)', () => {
  it.each(RG_KINDS)('%s: a first setting and a decrease take effect at once', () => {
    expect(rgChangeOf(null, 20_000, WED)).toEqual({ effect: 'AT_ONCE', amount: 20_000 });
    expect(rgChangeOf(20_000, 10_000, WED)).toEqual({ effect: 'AT_ONCE', amount: 10_000 });
    expect(rgChangeOf(20_000, 20_000, WED)).toEqual({ effect: 'AT_ONCE', amount: 20_000 });
  });
  it('a raise or a removal is pending for the cooling-off, then due for 7 days, then lapses', () => {
    const raise = rgChangeOf(20_000, 30_000, WED);
    expect(raise).toEqual({
      effect: 'PENDING',
      amount: 30_000,
      effectiveAtMs: WED + 24 * H,
      confirmByMs: WED + 24 * H + RG_CONFIRM_WINDOW_MS,
    });
    expect(rgChangeOf(20_000, null, WED, 48)).toMatchObject({
      effect: 'PENDING',
      amount: null,
      effectiveAtMs: WED + 48 * H,
    });
    if (raise.effect !== 'PENDING') throw new Error('pending expected');
    expect(rgPendingStatus(raise, WED + 24 * H - 1)).toBe('WAITING');
    expect(rgPendingStatus(raise, WED + 24 * H)).toBe('DUE');
    expect(rgPendingStatus(raise, raise.confirmByMs)).toBe('DUE');
    expect(rgPendingStatus(raise, raise.confirmByMs + 1)).toBe('LAPSED');
  });
  it('removing a limit that does not exist changes nothing at once', () => {
    expect(rgChangeOf(null, null, WED)).toEqual({ effect: 'AT_ONCE', amount: null });
  });
  it('amounts are 1,000 ៛ to 10,000,000,000 ៛, whole riel', () => {
    expect([999, 1_000, 10_000_000_000, 10_000_000_001, 1_500.5].map(isRgLimitAmount)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('breaks, exclusion and reality checks (spec §1)', () => {
  it.each(BREAK_DAYS)('a break of %i days ends that many days later and is never shortened', (days) => {
    expect(rgBreakUntil(WED, days)).toBe(WED + days * 24 * H);
    expect(rgBreakUntil(WED, days, WED + 100 * 24 * H)).toBe(WED + 100 * 24 * H);
  });
  it.each(EXCLUSION_MONTHS)('self-exclusion of %i months ends on the same local date and time', (months) => {
    const until = rgExclusionUntil(WED, months);
    const expected = {
      6: '2027-05-25T03:00:00.000Z',
      12: '2027-11-25T03:00:00.000Z',
      60: '2031-11-25T03:00:00.000Z',
    };
    expect(iso(until)).toBe(expected[months]);
    expect(rgExclusionUntil(WED, months, until + 1)).toBe(until + 1);
  });
  it('an exclusion from the 31st ends on the last day of a shorter month', () => {
    const aug31 = Date.UTC(2026, 7, 31, 3, 0);
    expect(iso(rgExclusionUntil(aug31, 6))).toBe('2027-02-28T03:00:00.000Z');
  });
  it.each([
    [0, null],
    [15, 15],
    [30, 30],
    [60, 60],
  ] as const)('reality check every %s minutes', (minutes, step) => {
    const start = WED;
    expect(rgNextRealityCheckMs(start, minutes, start)).toBe(step === null ? null : start + step * 60_000);
    if (step !== null) {
      expect(rgNextRealityCheckMs(start, minutes, start + step * 60_000)).toBe(start + 2 * step * 60_000);
      expect(rgNextRealityCheckMs(start, minutes, start + 2.5 * step * 60_000)).toBe(
        start + 3 * step * 60_000,
      );
    }
  });
  it('the quiet notice shows from 80 % of a limit', () => {
    expect(rgNearLimit(10_000, 7_999)).toBe(false);
    expect(rgNearLimit(10_000, 8_000)).toBe(true);
    expect(rgNearLimit(10_000, -5_000)).toBe(false);
  });
});
