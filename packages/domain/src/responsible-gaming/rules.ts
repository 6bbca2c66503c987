import { localDateOf, localDayStartMs, type LocalDate } from '../time/local-day';

// Responsible gaming (shared/spec/responsible-gaming.md): the player's limits, breaks, exclusion and reality
// checks as pure rules. The server keeps the counters and decides at the debit; these functions say what a
// period is, what counts, which limit decides and when a change takes effect.

export const RG_KINDS = ['LOSS', 'WAGER', 'DEPOSIT'] as const;
export type RgKind = (typeof RG_KINDS)[number];
export const RG_PERIODS = ['DAY', 'WEEK', 'MONTH'] as const;
export type RgPeriod = (typeof RG_PERIODS)[number];

/** Every limit amount is 1,000 ៛ to 10,000,000,000 ៛ (spec §4). */
export const RG_LIMIT_MIN = 1_000;
export const RG_LIMIT_MAX = 10_000_000_000;
export const BREAK_DAYS = [1, 7, 30, 42] as const;
export type BreakDays = (typeof BREAK_DAYS)[number];
export const EXCLUSION_MONTHS = [6, 12, 60] as const;
export type ExclusionMonths = (typeof EXCLUSION_MONTHS)[number];
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];
/** `RG_COOLING_OFF_HOURS`'s default: a raise or a removal waits this long before it can be confirmed. */
export const RG_COOLING_OFF_HOURS_DEFAULT = 24;
/** A due raise must be confirmed within this window, else it lapses. */
export const RG_CONFIRM_WINDOW_MS = 7 * 24 * 3_600_000;
/** The board's quiet notice shows once a limit is this far used (per cent). */
export const RG_NOTICE_PERCENT = 80;
export const RG_TIME_ZONE = 'Asia/Phnom_Penh';

const DAY_MS = 24 * 3_600_000;

function addLocalDays(date: LocalDate, days: number): LocalDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10) as LocalDate;
}

/** The local date on which the period holding `date` begins: the day, Monday, or the 1st. */
function periodStartDate(period: RgPeriod, date: LocalDate): LocalDate {
  switch (period) {
    case 'DAY':
      return date;
    case 'WEEK': {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
      return addLocalDays(date, -((weekday + 6) % 7));
    }
    case 'MONTH':
      return `${date.slice(0, 8)}01` as LocalDate;
  }
}

function nextPeriodStartDate(period: RgPeriod, start: LocalDate): LocalDate {
  switch (period) {
    case 'DAY':
      return addLocalDays(start, 1);
    case 'WEEK':
      return addLocalDays(start, 7);
    case 'MONTH': {
      const [y, m] = start.split('-').map(Number) as [number, number];
      return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10) as LocalDate;
    }
  }
}

/** The half-open UTC range of the local calendar period holding `atMs` (DAY from 00:00, WEEK from Monday, MONTH from the 1st). */
export function rgPeriodRange(
  period: RgPeriod,
  atMs: number,
  timeZone: string = RG_TIME_ZONE,
): { startMs: number; endMs: number } {
  const start = periodStartDate(period, localDateOf(atMs, timeZone));
  return {
    startMs: localDayStartMs(start, timeZone),
    endMs: localDayStartMs(nextPeriodStartDate(period, start), timeZone),
  };
}

/**
 * The last answer of `rgPeriodStarts` and the local day it holds for: the three starts change only when the
 * day does, and every stake and payout asks (their calendar arithmetic was ≈ 3 % of a seamless pair's CPU).
 */
let lastStarts:
  | { timeZone: string; dayStartMs: number; dayEndMs: number; starts: Readonly<Record<RgPeriod, number>> }
  | undefined;

/** The starts of the three periods holding `atMs`: the keys the per-player counters are kept under. */
export function rgPeriodStarts(
  atMs: number,
  timeZone: string = RG_TIME_ZONE,
): Readonly<Record<RgPeriod, number>> {
  const last = lastStarts;
  if (last && last.timeZone === timeZone && atMs >= last.dayStartMs && atMs < last.dayEndMs)
    return last.starts;
  const day = rgPeriodRange('DAY', atMs, timeZone);
  const starts = Object.freeze({
    DAY: day.startMs,
    WEEK: rgPeriodRange('WEEK', atMs, timeZone).startMs,
    MONTH: rgPeriodRange('MONTH', atMs, timeZone).startMs,
  });
  lastStarts = { timeZone, dayStartMs: day.startMs, dayEndMs: day.endMs, starts };
  return starts;
}

/** A movement of the player's money, as responsible gaming counts it (spec §2). */
export type RgMovement =
  | 'LOTTO59_BET'
  | 'LOTTO59_JACKPOT_LINE'
  | 'LOTTERY_TICKET'
  | 'SEAMLESS_BET'
  | 'TRANSFER_IN'
  | 'LOTTO59_WIN'
  | 'LOTTERY_WIN'
  | 'SEAMLESS_WIN'
  | 'REFUND'
  | 'ROLLBACK'
  | 'TRANSFER_OUT'
  | 'DEPOSIT'
  | 'WITHDRAWAL';

/** How one movement of `amount` changes the counters: stakes are wagered, payouts lower the loss. */
export interface RgCounts {
  wager: number;
  payout: number;
  deposit: number;
}

/** Whether a movement is a stake: the only movements a limit, a break or an exclusion may refuse. */
export function rgIsStake(movement: RgMovement): boolean {
  return rgCountsOf(movement, 1).wager > 0;
}

export function rgCountsOf(movement: RgMovement, amount: number): RgCounts {
  switch (movement) {
    case 'LOTTO59_BET':
    case 'LOTTO59_JACKPOT_LINE':
    case 'LOTTERY_TICKET':
    case 'SEAMLESS_BET':
    case 'TRANSFER_IN':
      return { wager: amount, payout: 0, deposit: 0 };
    case 'LOTTO59_WIN':
    case 'LOTTERY_WIN':
    case 'SEAMLESS_WIN':
    case 'REFUND':
    case 'ROLLBACK':
    case 'TRANSFER_OUT':
      return { wager: 0, payout: amount, deposit: 0 };
    case 'DEPOSIT':
      return { wager: 0, payout: 0, deposit: amount };
    case 'WITHDRAWAL':
      // A cashier withdrawal is neither play nor a deposit: it counts nowhere.
      return { wager: 0, payout: 0, deposit: 0 };
  }
}

/** The counters of one period. */
export interface RgUsage {
  wager: number;
  payout: number;
  deposit: number;
}

/** What a limit of `kind` has used: wager, deposits, or the loss (wager − payouts, negative in a winning period). */
export function rgUsed(kind: RgKind, usage: RgUsage): number {
  switch (kind) {
    case 'WAGER':
      return usage.wager;
    case 'DEPOSIT':
      return usage.deposit;
    case 'LOSS':
      return usage.wager - usage.payout;
  }
}

/** Room left under a limit: a negative loss gives no extra room, and the room is never below zero. */
export function rgRemaining(amount: number, used: number): number {
  return Math.max(0, amount - Math.max(0, used));
}

export interface RgLimitState {
  kind: RgKind;
  period: RgPeriod;
  amount: number;
  used: number;
}

/** The kinds of limit a movement is judged against: stakes by wager and loss, deposits by deposit. */
export function rgKindsFor(movement: RgMovement): readonly RgKind[] {
  if (movement === 'DEPOSIT') return ['DEPOSIT'];
  return rgIsStake(movement) ? ['WAGER', 'LOSS'] : [];
}

/** The tightest applicable limit (least room; on a tie the shorter period, then LOSS before WAGER). */
export function rgTightest(
  limits: readonly RgLimitState[],
  movement: RgMovement,
): (RgLimitState & { remaining: number }) | undefined {
  const kinds = rgKindsFor(movement);
  let best: (RgLimitState & { remaining: number }) | undefined;
  for (const l of limits) {
    if (!kinds.includes(l.kind)) continue;
    const remaining = rgRemaining(l.amount, l.used);
    if (!best || remaining < best.remaining) best = { ...l, remaining };
    else if (remaining === best.remaining && rgOrder(l) < rgOrder(best)) best = { ...l, remaining };
  }
  return best;
}

function rgOrder(l: { kind: RgKind; period: RgPeriod }): number {
  return RG_PERIODS.indexOf(l.period) * 3 + RG_KINDS.indexOf(l.kind);
}

export type RgStakeDecision =
  | { ok: true }
  | { ok: false; code: 'LIMIT_REACHED'; kind: RgKind; period: RgPeriod; remaining: number }
  | { ok: false; code: 'ON_BREAK' | 'SELF_EXCLUDED'; until: number };

/** Whether the player may play at `nowMs`: an exclusion outranks a break (its end is later and cannot be lifted). */
export function rgPlayState(
  nowMs: number,
  state: { breakUntilMs: number | null; excludedUntilMs: number | null },
): RgStakeDecision {
  if (state.excludedUntilMs !== null && nowMs < state.excludedUntilMs) {
    return { ok: false, code: 'SELF_EXCLUDED', until: state.excludedUntilMs };
  }
  if (state.breakUntilMs !== null && nowMs < state.breakUntilMs) {
    return { ok: false, code: 'ON_BREAK', until: state.breakUntilMs };
  }
  return { ok: true };
}

/** The whole decision on a movement: play state first, then the tightest limit (stakes and deposits only). */
export function rgDecide(
  nowMs: number,
  movement: RgMovement,
  amount: number,
  state: { breakUntilMs: number | null; excludedUntilMs: number | null; limits: readonly RgLimitState[] },
): RgStakeDecision {
  if (rgKindsFor(movement).length === 0) return { ok: true }; // payouts are never refused
  if (movement !== 'DEPOSIT') {
    const play = rgPlayState(nowMs, state);
    if (!play.ok) return play;
  }
  const tightest = rgTightest(state.limits, movement);
  if (tightest && amount > tightest.remaining) {
    return {
      ok: false,
      code: 'LIMIT_REACHED',
      kind: tightest.kind,
      period: tightest.period,
      remaining: tightest.remaining,
    };
  }
  return { ok: true };
}

/** How a requested limit change takes effect (spec §1): first settings and decreases at once, the rest pending. */
export type RgChange =
  | { effect: 'AT_ONCE'; amount: number | null }
  | { effect: 'PENDING'; amount: number | null; effectiveAtMs: number; confirmByMs: number };

export function rgChangeOf(
  current: number | null,
  requested: number | null,
  nowMs: number,
  coolingOffHours: number = RG_COOLING_OFF_HOURS_DEFAULT,
): RgChange {
  if (requested !== null && (current === null || requested <= current)) {
    return { effect: 'AT_ONCE', amount: requested };
  }
  if (requested === null && current === null) return { effect: 'AT_ONCE', amount: null };
  const effectiveAtMs = nowMs + coolingOffHours * 3_600_000;
  return {
    effect: 'PENDING',
    amount: requested,
    effectiveAtMs,
    confirmByMs: effectiveAtMs + RG_CONFIRM_WINDOW_MS,
  };
}

/** Where a pending change stands: waiting for its date, due for confirmation, or lapsed unconfirmed. */
export function rgPendingStatus(
  pending: { effectiveAtMs: number; confirmByMs: number },
  nowMs: number,
): 'WAITING' | 'DUE' | 'LAPSED' {
  if (nowMs < pending.effectiveAtMs) return 'WAITING';
  return nowMs <= pending.confirmByMs ? 'DUE' : 'LAPSED';
}

/** The end of a break taken at `nowMs`; an earlier break is never shortened by a new, shorter one. */
export function rgBreakUntil(nowMs: number, days: BreakDays, currentUntilMs: number | null = null): number {
  return Math.max(nowMs + days * DAY_MS, currentUntilMs ?? 0);
}

/**
 * The end of a self-exclusion of `months` calendar months from `nowMs` on the local clock (the same time of
 * day; the 31st of a shorter month is its last day); an earlier, longer exclusion is never shortened.
 */
export function rgExclusionUntil(
  nowMs: number,
  months: ExclusionMonths,
  currentUntilMs: number | null = null,
  timeZone: string = RG_TIME_ZONE,
): number {
  const date = localDateOf(nowMs, timeZone);
  const timeOfDay = nowMs - localDayStartMs(date, timeZone);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  const target = new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
  return Math.max(localDayStartMs(target as LocalDate, timeZone) + timeOfDay, currentUntilMs ?? 0);
}

/** When the next reality check is due, counted from the session's start; null when they are off. */
export function rgNextRealityCheckMs(
  sessionStartedMs: number,
  minutes: RealityCheckMinutes,
  nowMs: number,
): number | null {
  if (minutes === 0) return null;
  const interval = minutes * 60_000;
  const elapsed = Math.max(0, nowMs - sessionStartedMs);
  return sessionStartedMs + (Math.floor(elapsed / interval) + 1) * interval;
}

/** Whether a limit is used far enough for the board's quiet notice (80 %), and not yet exhausted or not. */
export function rgNearLimit(amount: number, used: number): boolean {
  return used * 100 >= amount * RG_NOTICE_PERCENT;
}

export function isRgLimitAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount >= RG_LIMIT_MIN && amount <= RG_LIMIT_MAX;
}
