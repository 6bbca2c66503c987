/**
 * Product rules the web app applies, each from the seed (shared/spec/seed.md) section named beside it.
 * Components import these; none writes the number itself.
 */

/** Seed §7, §9: every HTTP call gives up after 100 s. */
export const REQUEST_TIMEOUT_MS = 100_000;

/** Seed §8, §9: a lazily loaded screen that has not arrived after 120 s fails with a chunk-load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Seed §2, §9: the status toast hides itself after 850 ms. */
export const STATUS_TOAST_MS = 850;

// The winners banner's timers (seed §4) and the small-jackpot tier are product rules: @lotto59/domain
// (`winnersBannerDurationMs`, `SMALL_JACKPOT_TIER`).

/** Seed §4, §9: on the fishing page, user detail is refetched every 3 s while `is_loading` is 1. */
export const FISHING_REFETCH_MS = 3_000;

/** Seed §2, §9: the desktop side menu is 3.15rem wide and expands to 14rem. */
export const MENU_WIDTH_NARROW = '3.15rem';
export const MENU_WIDTH_WIDE = '14rem';

/** Seed §2, §9: the label in the side menu's footer. */
export const APP_VERSION = '2.0';

/** Seed §6, §9: how many account ids see the Mobile/Desktop toggle (the ids themselves: config/env.ts). */
export const VIEW_TOGGLE_ACCOUNT_COUNT = 18;
