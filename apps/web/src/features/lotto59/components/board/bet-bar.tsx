import type { RoundRecord } from '@lotto59/contract';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '@/components/ui/spinner';
import { useLottoTranslation } from '../../i18n';
import { Countdown } from '../countdown';

/** The CSS variable the toasts read to stand above the bar (components/ui/status-toast.tsx). */
const BAR_HEIGHT_VARIABLE = '--bottom-bar-height';

/**
 * Keeps `--bottom-bar-height` equal to the bar's height while it is pinned to the bottom of the screen (a
 * phone); 0 where it stands in the page (a wide screen), so the toasts keep their place there.
 */
function useBottomBarHeight(bar: HTMLElement | null) {
  useEffect(() => {
    if (!bar) return;
    const root = document.documentElement;
    const pinned = () =>
      bar.parentElement !== null && getComputedStyle(bar.parentElement).position === 'sticky';
    const write = () => root.style.setProperty(BAR_HEIGHT_VARIABLE, `${pinned() ? bar.offsetHeight : 0}px`);
    write();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(write);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BAR_HEIGHT_VARIABLE);
    };
  }, [bar]);
}

/**
 * Issue 11, one-thumb betting: the bar pinned to the bottom of the screen with the countdown, the slip's
 * summary and total, and the bet button (a submit button of the active slip's form, by its id), so the
 * bet is always in reach of a thumb, wherever the board is scrolled. Drawn into `slot` (the game's bottom).
 */
export function BetBar({
  slot,
  round,
  open,
  formId,
  summary,
  placeLabel,
  empty,
  sending,
  disabled,
  placedRound,
}: {
  slot: HTMLElement | null;
  round: RoundRecord | null;
  open: boolean;
  formId: string;
  summary: string;
  placeLabel: string;
  /** Nothing chosen: the button waits. */
  empty: boolean;
  sending: boolean;
  disabled: boolean;
  /** The round of the last bet placed from this screen: its confirmation stays in the bar. */
  placedRound: number | null;
}) {
  const { t } = useLottoTranslation();
  const [bar, setBar] = useState<HTMLDivElement | null>(null);
  useBottomBarHeight(bar);
  if (!slot) return null;
  return createPortal(
    <div
      ref={setBar}
      role="region"
      aria-label={t('play.bar')}
      data-testid="bet-bar"
      className="border-t border-emerald-950 bg-emerald-900 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] text-white shadow-[0_-4px_12px_rgb(0_0_0/0.15)]"
    >
      {placedRound !== null && (
        <p
          className="mb-1 flex items-center gap-1 text-xs font-semibold text-emerald-100"
          data-testid="bar-placed"
        >
          <CircleCheck aria-hidden="true" className="size-4 text-emerald-300" />
          {t('play.placedIn', { round: placedRound })}
        </p>
      )}
      <div className="flex items-center gap-3">
        {round && open ? (
          <Countdown closeAtMs={Date.parse(round.close_at)} compact />
        ) : (
          <p className="shrink-0 rounded-full bg-red-700 px-2 py-1 text-xs font-semibold">
            {t('round.closed')}
          </p>
        )}
        <p className="min-w-0 flex-1 text-sm leading-snug" data-testid="slip-summary" aria-live="polite">
          {summary}
        </p>
        <button
          type="submit"
          form={formId}
          disabled={disabled || empty || sending}
          aria-busy={sending || undefined}
          className="inline-flex min-h-12 min-w-28 items-center justify-center gap-2 rounded-xl bg-amber-400 px-4 text-lg font-bold text-slate-950 shadow hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
        >
          {sending && <Spinner />}
          {placeLabel}
        </button>
      </div>
    </div>,
    slot,
  );
}
