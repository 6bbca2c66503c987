import { rgNextRealityCheckMs, type RealityCheckMinutes } from '@lotto59/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { WinLoseMoney } from '@/components/ui/money';
import { rgStateQuery } from '@/lib/rg-state';
import { useRgState } from '../api/limits';
import { useRgTranslation } from '../i18n';

/**
 * The reality check (responsible-gaming.md §5): after each interval of the session, counted from login on
 * the server's record of it, a dialog over whatever is on screen — every page and game, the full-screen
 * fishing game included — with the time since login and the session's payouts − stakes, "continue" and
 * "log out". The dialog is modal over the whole window, so the game under it takes no input while it is open.
 */
export function RealityCheck({ logoutHref }: { logoutHref: string }) {
  const { t } = useRgTranslation();
  const queryClient = useQueryClient();
  // Asked again now and then: a change made in another tab, and the session's net when the dialog opens.
  const { data: state } = useRgState({ refetchIntervalMs: 60_000, deferred: true });
  // The check on screen: when it fell due and the minutes since login then.
  const [shown, setShown] = useState<{ due: number; minutes: number } | null>(null);
  // When the player last answered a check: kept for the tab's life, so a reload does not ask again.
  const [acknowledged, setAcknowledged] = useState(readAcknowledged);
  const minutes = (state?.reality_check_minutes ?? 0) as RealityCheckMinutes;
  const startedAt = state?.session_started_at ?? null;

  useEffect(() => {
    if (minutes === 0 || startedAt === null || shown !== null) return undefined;
    // The check due after the last one answered (or after login).
    // A check answered in an earlier session of this tab does not count for this one.
    const due = rgNextRealityCheckMs(startedAt, minutes, Math.max(acknowledged, startedAt));
    if (due === null) return undefined;
    const wait = Math.max(0, due - Date.now());
    const timer = window.setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: rgStateQuery().queryKey });
      setShown({ due, minutes: Math.max(0, Math.floor((Date.now() - startedAt) / 60_000)) });
    }, wait);
    return () => window.clearTimeout(timer);
  }, [minutes, startedAt, acknowledged, shown, queryClient]);

  if (shown === null) return null;
  const carryOn = () => {
    const at = Date.now();
    writeAcknowledged(at);
    setAcknowledged(at);
    setShown(null);
  };
  return (
    <Dialog role="alertdialog" title={t('rg.realityDialogTitle')} onEscape={carryOn}>
      <div data-testid="reality-check">
        <p className="text-slate-700">{t('rg.realityDialogTime', { minutes: shown.minutes })}</p>
        <p className="mt-2 text-slate-700">
          {t('rg.realityDialogNet')} <WinLoseMoney amount={state?.session_net ?? 0} />
        </p>
        <div className="mt-5 grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={() => window.location.assign(logoutHref)}>
            {t('rg.logout')}
          </Button>
          <Button data-autofocus onClick={carryOn}>
            {t('rg.continue')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

const ACKNOWLEDGED_KEY = 'lotto59.rg.realityCheckAnswered';

function readAcknowledged(): number {
  try {
    return Number(window.sessionStorage.getItem(ACKNOWLEDGED_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

function writeAcknowledged(at: number): void {
  try {
    window.sessionStorage.setItem(ACKNOWLEDGED_KEY, String(at));
  } catch {
    // Private mode: a reload may ask again, which errs on the player's side.
  }
}
