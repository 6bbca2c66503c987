import { localDayEndMs, localDayStartMs, parseLocalDate } from '@lotto59/domain';
import { validationError } from '../errors/app-error';

/**
 * `from`/`to` local dates (operator's time zone) → a half-open UTC range; either end may be open.
 * Bad or reversed dates answer 422 per field. `maxDays` bounds reports that aggregate per day.
 */
export function localDateRange(
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
  maxDays?: number,
): { fromMs: number | undefined; toMs: number | undefined } {
  const errors: Record<string, string[]> = {};
  const f = from === undefined ? undefined : parseLocalDate(from);
  const t = to === undefined ? undefined : parseLocalDate(to);
  if (f && !f.ok) errors.from = ['The from date is not a valid date.'];
  if (t && !t.ok) errors.to = ['The to date is not a valid date.'];
  if (f?.ok && t?.ok && f.value > t.value) errors.to = ['The to date must be on or after the from date.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  // An open end is no bound at all: nothing to compute for it (most lists are asked without dates).
  const fromMs = f?.ok ? localDayStartMs(f.value, timeZone) : undefined;
  const toMs = t?.ok ? localDayEndMs(t.value, timeZone) : undefined;
  if (
    maxDays !== undefined &&
    fromMs !== undefined &&
    toMs !== undefined &&
    toMs - fromMs > (maxDays + 1) * 86_400_000
  ) {
    throw validationError({ to: [`The range must not be longer than ${maxDays} days.`] });
  }
  return { fromMs, toMs };
}

export function pageMeta(page: number, perPage: number, total: number) {
  return { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
