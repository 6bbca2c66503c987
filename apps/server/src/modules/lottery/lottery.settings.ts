import {
  DEFAULT_LOTTERY_SCHEDULE,
  LOTTERY_GAME_TYPES,
  LOTTERY_WEEKDAYS,
  SHEET_LAYOUTS,
  checkLotterySchedule,
  fastTnPeriod,
  type FastTnSchedule,
  type LotteryLimits,
  type LotteryPricing,
  type LotteryScheduleEntry,
} from '@lotto59/domain';
import { z } from 'zod';
import { ConfigError, type Config } from '../../config';

/** The lottery's configuration, read once from the environment (docs/operations.md, "Ticket lottery"). */
export interface LotterySettings {
  readonly schedule: readonly LotteryScheduleEntry[];
  /** Set: TN draws every few seconds around the clock instead of its hourly entries (tests, demos). */
  readonly fastTn: FastTnSchedule | undefined;
  readonly aheadMs: number;
  readonly pricing: LotteryPricing;
  readonly limits: LotteryLimits;
  /** Draw code prefix → feed URL: those series take their sheet from the feed, not the engine. */
  readonly feedUrls: Readonly<Record<string, string>>;
  readonly feedConfirmMs: number;
  readonly feedPollMs: number;
  readonly timeZone: string;
}

const scheduleSchema = z.array(
  z.strictObject({
    code: z.string(),
    type: z.enum(LOTTERY_GAME_TYPES),
    layout: z.enum(SHEET_LAYOUTS),
    drawTime: z.string(),
    cutoffMinutes: z.number().int(),
    weekdays: z.array(z.enum(LOTTERY_WEEKDAYS)).default([...LOTTERY_WEEKDAYS]),
  }),
);

function parseJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ConfigError(`${name} is not valid JSON`);
  }
}

function scheduleFrom(config: Config): LotteryScheduleEntry[] {
  if (config.LOTTERY_SCHEDULE === undefined) return [...DEFAULT_LOTTERY_SCHEDULE];
  const parsed = scheduleSchema.safeParse(parseJson('LOTTERY_SCHEDULE', config.LOTTERY_SCHEDULE));
  if (!parsed.success) throw new ConfigError(`LOTTERY_SCHEDULE: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

function feedUrlsFrom(config: Config): Record<string, string> {
  if (config.LOTTERY_FEED_URL === undefined) return {};
  const parsed = z
    .record(z.string(), z.string().url())
    .safeParse(parseJson('LOTTERY_FEED_URL', config.LOTTERY_FEED_URL));
  if (!parsed.success) throw new ConfigError('LOTTERY_FEED_URL must map draw codes to URLs');
  return parsed.data;
}

export function lotterySettingsFrom(config: Config): LotterySettings {
  let schedule = scheduleFrom(config);
  const fastTn =
    config.LOTTERY_TN_EVERY_SECONDS === undefined
      ? undefined
      : { everySeconds: config.LOTTERY_TN_EVERY_SECONDS, cutoffSeconds: config.LOTTERY_TN_CUTOFF_SECONDS };
  if (fastTn) {
    const period = fastTnPeriod(fastTn);
    if (!period.ok) throw new ConfigError(period.error);
    // The fast schedule replaces TN's clock entries; the other games keep theirs.
    schedule = schedule.filter((entry) => entry.type !== 'TN');
  }
  const checked = checkLotterySchedule(schedule);
  if (!checked.ok) throw new ConfigError(`LOTTERY_SCHEDULE: ${checked.error}`);
  return {
    schedule,
    fastTn,
    aheadMs: config.LOTTERY_AHEAD_HOURS * 3_600_000,
    pricing: {
      price: { '2D': config.LOTTERY_PRICE_2D, '3D': config.LOTTERY_PRICE_3D },
      rate: config.LOTTERY_RATE,
    },
    limits: {
      minAmount: config.LOTTERY_MIN_AMOUNT,
      maxAmount: { '2D': config.LOTTERY_MAX_AMOUNT_2D, '3D': config.LOTTERY_MAX_AMOUNT_3D },
      maxFacePerNumber: {
        '2D': config.LOTTERY_MAX_FACE_PER_NUMBER_2D,
        '3D': config.LOTTERY_MAX_FACE_PER_NUMBER_3D,
      },
      maxNumbersPerItem: {
        '2D': config.LOTTERY_MAX_NUMBERS_PER_ITEM_2D,
        '3D': config.LOTTERY_MAX_NUMBERS_PER_ITEM_3D,
      },
      maxItemsPerTicket: config.LOTTERY_MAX_ITEMS_PER_TICKET,
    },
    feedUrls: feedUrlsFrom(config),
    feedConfirmMs: config.LOTTERY_FEED_CONFIRM_MINUTES * 60_000,
    feedPollMs: config.LOTTERY_FEED_POLL_SECONDS * 1000,
    timeZone: config.TIME_ZONE,
  };
}
