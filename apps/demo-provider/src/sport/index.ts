import type { StudioContext } from '../play/context';
import { publishAhead, resultFixtures } from './fixtures';
import type { SportSettings } from './settings';
import { settleReadySlips } from './slips';

/*
 * The sportsbook's worker pass: publish the rounds ahead, result (or auto-void) the fixtures whose time has
 * come, settle the slips they complete. Each step is idempotent, so a pass may be repeated or cut short.
 */

export interface SportTick {
  published: number;
  finished: number;
  voided: number;
  settled: number;
}

export async function sportTick(ctx: StudioContext, settings: SportSettings): Promise<SportTick> {
  const now = ctx.clock();
  const published = await publishAhead(ctx, settings, now);
  const { finished, voided } = await resultFixtures(ctx, settings, now);
  const settled = await settleReadySlips(ctx);
  return { published, finished, voided, settled };
}
