import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { usePwaTranslation } from './i18n';
import { registerServiceWorker } from './register-sw';

/**
 * Registers the service worker and, when a new version is waiting, offers it (decision 0051). The player
 * chooses when: a reload in the middle of a bet would lose what they were typing, so nothing is swapped
 * without the tap. "Later" hides the prompt until the next open (the waiting version takes over when every
 * tab of the app has closed, as a browser does by itself).
 */
export default function AppUpdates() {
  const { t } = usePwaTranslation();
  const [apply, setApply] = useState<(() => void) | null>(null);
  const [hidden, setHidden] = useState(false);
  // After the tap, until the new version takes over and the page reloads: the player sees it is under way.
  const [applying, setApplying] = useState(false);
  useEffect(() => registerServiceWorker((applyUpdate) => setApply(() => applyUpdate)), []);
  if (!apply || hidden) return null;
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-2 top-16 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-2xl bg-slate-900 p-3 text-white shadow-lg print:hidden"
    >
      <RefreshCw aria-hidden="true" className="size-5 shrink-0 text-amber-300" />
      <p className="min-w-0 flex-1 text-sm">
        <span className="block font-semibold">{t('update.ready')}</span>
        <span className="block text-slate-300">{t('update.hint')}</span>
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => setHidden(true)}
          disabled={applying}
          className="min-h-11 rounded-full px-3 text-sm font-semibold text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-amber-400"
        >
          {t('update.later')}
        </button>
        <button
          type="button"
          disabled={applying}
          onClick={() => {
            setApplying(true);
            apply();
          }}
          className="min-h-11 rounded-full bg-amber-400 px-4 text-sm font-semibold text-slate-900 hover:bg-amber-300 disabled:opacity-80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-200"
        >
          {applying ? t('update.applying') : t('update.apply')}
        </button>
      </div>
    </div>
  );
}
