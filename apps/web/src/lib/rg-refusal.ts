import { formatRiel } from '@lotto59/domain';
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
  const link = {
    href: paths.user.limits.getHref(),
    label: translate('rgRefusal.seeLimits', undefined, language),
  };
  const title = translate('rgRefusal.title', undefined, language);
  switch (error.code) {
    case 'LIMIT_REACHED':
      return {
        status: 'ERROR',
        title,
        message: translate(
          'rgRefusal.limit',
          {
            limit: translate(`rgRefusal.kinds.${d.kind ?? 'WAGER'}`, undefined, language),
            period: translate(`rgRefusal.periods.${d.period ?? 'DAY'}`, undefined, language),
            remaining: formatRiel(d.remaining ?? 0),
          },
          language,
        ),
        link,
      };
    case 'ON_BREAK':
    case 'SELF_EXCLUDED':
      return {
        status: 'ERROR',
        title,
        message: translate(
          error.code === 'ON_BREAK' ? 'rgRefusal.onBreak' : 'rgRefusal.excluded',
          { until: d.until === undefined ? '' : formatDateTimeIn(language, d.until) },
          language,
        ),
        link,
      };
    default:
      return undefined;
  }
}
