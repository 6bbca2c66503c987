import type { RgState } from '@lotto59/contract';
import { formatRiel, rgDecide, type RgStakeDecision } from '@lotto59/domain';
import { paths } from '@/config/paths';
import { formatDateTimeIn } from './date-time';
import { isHttpError } from './http-client';
import { translate, type Language } from './i18n';
import type { AlertOptions } from './notifications';

/**
 * A refusal by the player's own limit, break or self-exclusion (responsible-gaming.md §5): never a bare
 * error, but the room left (or when play resumes) and a link to the responsible-gaming page. Undefined for
 * any other error. Every game uses it, so it lives here rather than in a feature.
 */
export function rgRefusalAlert(error: unknown, language: Language): AlertOptions | undefined {
  if (!isHttpError(error)) return undefined;
  const d = error.details;
  switch (error.code) {
    case 'LIMIT_REACHED':
      return rgDecisionAlert(
        {
          ok: false,
          code: 'LIMIT_REACHED',
          kind: d.kind ?? 'WAGER',
          period: d.period ?? 'DAY',
          remaining: d.remaining ?? 0,
        },
        language,
      );
    case 'ON_BREAK':
    case 'SELF_EXCLUDED':
      return rgDecisionAlert({ ok: false, code: error.code, until: d.until }, language);
    default:
      return undefined;
  }
}

/** A refusal by the player's limits: our server's answer, or worked out here for a studio's game (rgStakeRefusal). */
type RgRefusal =
  | Extract<RgStakeDecision, { code: 'LIMIT_REACHED' }>
  | { ok: false; code: 'ON_BREAK' | 'SELF_EXCLUDED'; until: number | undefined };

/** The alert of one refusal: the room left or when play resumes, and the link to the limits page. */
export function rgDecisionAlert(refusal: RgRefusal, language: Language): AlertOptions {
  const link = {
    href: paths.user.limits.getHref(),
    label: translate('rgRefusal.seeLimits', undefined, language),
  };
  const title = translate('rgRefusal.title', undefined, language);
  if (refusal.code === 'LIMIT_REACHED') {
    return {
      status: 'ERROR',
      title,
      message: translate(
        'rgRefusal.limit',
        {
          limit: translate(`rgRefusal.kinds.${refusal.kind}`, undefined, language),
          period: translate(`rgRefusal.periods.${refusal.period}`, undefined, language),
          remaining: formatRiel(refusal.remaining),
        },
        language,
      ),
      link,
    };
  }
  return {
    status: 'ERROR',
    title,
    message: translate(
      refusal.code === 'ON_BREAK' ? 'rgRefusal.onBreak' : 'rgRefusal.excluded',
      { until: refusal.until === undefined ? '' : formatDateTimeIn(language, refusal.until) },
      language,
    ),
    link,
  };
}

/**
 * What the player's limits say of a stake of `amount` at `nowMs`, by the domain's own rule (the check our
 * wallet made when it refused a studio's bet): the refusal, or undefined when they allow it (the wallet then
 * refused for another reason, e.g. the largest bet a game may take, which the game says itself).
 */
export function rgStakeRefusal(state: RgState, amount: number, nowMs: number): RgRefusal | undefined {
  const decision = rgDecide(nowMs, 'SEAMLESS_BET', amount, {
    breakUntilMs: state.break_until,
    excludedUntilMs: state.excluded_until,
    limits: state.limits.flatMap(({ kind, period, amount: limit, used }) =>
      limit === null ? [] : [{ kind, period, amount: limit, used }],
    ),
  });
  return decision.ok ? undefined : decision;
}
