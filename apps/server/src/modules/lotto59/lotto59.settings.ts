import type { JackpotRules, Pool, RateTable } from '@lotto59/domain';
import type { Config } from '../../config';

/** The lotto 59 configuration in the units the code uses (ms, hundredths, riel), read once from Config. */
export interface Lotto59Settings {
  openMs: Readonly<Record<Pool, number>>;
  releaseDelayMs: number;
  ballIntervalMs: number;
  releaseTotalMs: number;
  rates: RateTable;
  limits: { minRiel: number; maxRiel: number };
  jackpot: JackpotRules;
  timeZone: string;
}

export function lotto59SettingsFrom(config: Config): Lotto59Settings {
  const ms = (seconds: number) => Math.round(seconds * 1000);
  return {
    openMs: { POLL_1: ms(config.LOTTO_OPEN_SECONDS_POLL_1), POLL_2: ms(config.LOTTO_OPEN_SECONDS_POLL_2) },
    releaseDelayMs: ms(config.LOTTO_RELEASE_DELAY_SECONDS),
    ballIntervalMs: ms(config.LOTTO_RELEASE_BALL_SECONDS),
    releaseTotalMs: ms(config.LOTTO_RELEASE_TOTAL_SECONDS),
    rates: {
      RANGE_1: config.LOTTO_RATE_RANGE_1,
      RANGE_2: config.LOTTO_RATE_RANGE_2,
      RANGE_3: config.LOTTO_RATE_RANGE_3,
      RANGE_4: config.LOTTO_RATE_RANGE_4,
      RANGE_5: config.LOTTO_RATE_RANGE_5,
      RANGE_6: config.LOTTO_RATE_RANGE_6,
      RANGE_7: config.LOTTO_RATE_RANGE_7,
      NUMBER: config.LOTTO_RATE_NUMBER,
    },
    limits: { minRiel: config.BET_MIN_RIEL, maxRiel: config.BET_MAX_RIEL },
    jackpot: {
      stakeRiel: config.JACKPOT_STAKE_RIEL,
      tier3Multiplier: config.JACKPOT_TIER3_MULTIPLIER,
      tier2Multiplier: config.JACKPOT_TIER2_MULTIPLIER,
      poolSeedRiel: config.JACKPOT_POOL_SEED_RIEL,
      poolSharePercent: config.JACKPOT_POOL_SHARE_PERCENT,
      linesPerPlayerRoundMax: config.JACKPOT_LINES_PER_ROUND_MAX,
    },
    timeZone: config.TIME_ZONE,
  };
}
