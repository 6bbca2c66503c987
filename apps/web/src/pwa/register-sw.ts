import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (decision 0051), loaded lazily by the signed-in layout once the page has
 * loaded: nothing of it is on `/login`'s path or in the start-up bundle. `onUpdate` is called when a new
 * version is installed and waiting; it takes over only when the player taps the prompt (`applyUpdate`), so
 * no code is swapped under a bet.
 */
export function registerServiceWorker(onUpdate: (applyUpdate: () => void) => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const wb = new Workbox('/sw.js', { scope: '/' });
  const offer = () =>
    onUpdate(() => {
      // Reload once the new worker controls the page (its precache holds the new build's files). The platform's
      // own event: Workbox's `controlling` fires only for a worker this instance installed, and a version found
      // by the browser's own update check on a navigation is not one (the tap then reloaded nothing).
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      });
      wb.messageSkipWaiting();
    });
  wb.addEventListener('waiting', offer);
  // No worker is the app as before (the dev server has no sw.js; a browser may refuse one): nothing to report.
  wb.register().catch(() => undefined);
  // A long-lived tab (a player who never closes the app) looks for a new version every hour.
  const timer = window.setInterval(() => void wb.update(), 60 * 60 * 1000);
  return () => {
    window.clearInterval(timer);
    wb.removeEventListener('waiting', offer);
  };
}
