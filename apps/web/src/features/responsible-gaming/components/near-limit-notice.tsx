import { RG_NOTICE_PERCENT, rgNearLimit, type RgKind, type RgPeriod } from '@lotto59/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { useRgState } from '../api/limits';

const SEEN_PREFIX = 'lotto59.rg.near.';

/**
 * The board's quiet notice (responsible-gaming.md §5): once a limit is 80 % used, one line says so, once per
 * period (remembered per limit and period end in localStorage) until the player closes it.
 */
export function NearLimitNotice({ limitsHref }: { limitsHref: string }) {
  const { data: state } = useRgState({ deferred: true });
  const near = state?.limits.find((l) => l.amount !== null && rgNearLimit(l.amount, l.used));
  if (!near || near.amount === null) return null;
  const key = `${SEEN_PREFIX}${near.kind}.${near.period}.${near.resets_at}`;
  return (
    <NearLimitLine
      key={key}
      seenKey={key}
      limitsHref={limitsHref}
      kind={near.kind}
      period={near.period}
      percent={Math.max(RG_NOTICE_PERCENT, Math.min(100, Math.floor((near.used * 100) / near.amount)))}
    />
  );
}

/** One limit's notice in one period: shown if that period had not shown it yet, and marked as shown. */
function NearLimitLine(props: {
  seenKey: string;
  limitsHref: string;
  kind: RgKind;
  period: RgPeriod;
  percent: number;
}) {
  const { t } = useTranslation();
  const { seenKey } = props;
  const [isNew] = useState(() => !readSeen(seenKey));
  const [closed, setClosed] = useState(false);
  useEffect(() => writeSeen(seenKey), [seenKey]);
  if (!isNew || closed) return null;
  return (
    <div
      role="status"
      data-testid="near-limit"
      className="mx-3 mt-2 flex items-center justify-between gap-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <Link to={props.limitsHref} className="underline underline-offset-2">
        {t('rgRefusal.near', {
          percent: props.percent,
          limit: t(`rgRefusal.kinds.${props.kind}`),
          period: t(`rgRefusal.periods.${props.period}`),
        })}
      </Link>
      <button
        type="button"
        className="min-h-11 px-2"
        aria-label={t('common.close')}
        onClick={() => setClosed(true)}
      >
        ×
      </button>
    </div>
  );
}

function readSeen(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeSeen(key: string): void {
  try {
    window.localStorage.setItem(key, '1');
  } catch {
    // Private mode: the notice may show again next time, which is harmless.
  }
}
