import { useEffect } from 'react';
import { COUNTDOWN_TICK_MS } from '../config';
import { useServerNow } from '../hooks/use-server-time';
import { useLottoTranslation } from '../i18n';
import type { ServerClock } from '../lib/server-clock';

/** Seconds until `closeAtMs` on the server's clock, never below zero (rounded up: 0 only once closed). */
export function secondsLeftOf(closeAtMs: number, serverNowMs: number): number {
  return Math.max(0, Math.ceil((closeAtMs - serverNowMs) / 1000));
}

/** `75` → `01:15`. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.trunc(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Performance mark of the first countdown that runs: the browser tests measure "usable" with it. */
export const READY_MARK = 'lotto59:ready';
let readyMarked = false;

/**
 * The time left to bet, on the server's clock (never the device's): a round closes at its `close_at`
 * whatever the phone's clock says.
 */
export function Countdown({
  closeAtMs,
  clock,
  compact = false,
}: {
  closeAtMs: number;
  clock?: ServerClock;
  /** The bet bar's copy: smaller, and named apart from the header's (`bar-countdown`). */
  compact?: boolean;
}) {
  const { t } = useLottoTranslation();
  const now = useServerNow(COUNTDOWN_TICK_MS, clock);
  const seconds = secondsLeftOf(closeAtMs, now);
  const running = seconds > 0;
  useEffect(() => {
    if (!running || readyMarked) return;
    readyMarked = true;
    performance.mark?.(READY_MARK);
  }, [running]);
  return (
    <div
      className={compact ? 'shrink-0 text-center' : 'shrink-0 text-right'}
      data-testid={compact ? 'bar-countdown' : 'countdown'}
      data-seconds-left={seconds}
    >
      <p className={`text-xs text-emerald-100 ${compact ? 'sr-only' : ''}`}>
        {running ? t('round.timeLeft') : t('round.closed')}
      </p>
      <p
        role="timer"
        aria-label={running ? t('round.timeLeftAria', { seconds }) : t('round.closed')}
        className={`font-mono font-bold tabular-nums ${compact ? 'text-2xl' : 'text-3xl sm:text-4xl'} ${
          running && seconds <= 5 ? 'text-amber-300' : 'text-white'
        }`}
      >
        {formatCountdown(seconds)}
      </p>
    </div>
  );
}
