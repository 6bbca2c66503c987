import { VIEW_TOGGLE_ACCOUNT_COUNT } from './constants';

/**
 * Build-time settings of the web app. Only `VITE_*` variables reach the browser (Vite's allow-list); each one
 * is read here, once, and documented in docs/operations.md.
 */

/**
 * Seed §6: the accounts that see the Mobile/Desktop toggle button on desktop game pages. The seed fixes that
 * there are 18 but not which; the operator sets them at build time as a comma-separated list in
 * `VITE_VIEW_TOGGLE_ACCOUNT_IDS`. The default is accounts 1–18 (the first players an operator creates).
 */
export const DEFAULT_VIEW_TOGGLE_ACCOUNT_IDS: readonly number[] = Array.from(
  { length: VIEW_TOGGLE_ACCOUNT_COUNT },
  (_, i) => i + 1,
);

/** `"3, 17,42"` → `[3, 17, 42]`; anything that is not a positive whole number is ignored. */
export function parseAccountIds(raw: string | undefined): readonly number[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_VIEW_TOGGLE_ACCOUNT_IDS;
  return raw
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

export const VIEW_TOGGLE_ACCOUNT_IDS: ReadonlySet<number> = new Set(
  parseAccountIds(import.meta.env.VITE_VIEW_TOGGLE_ACCOUNT_IDS as string | undefined),
);
