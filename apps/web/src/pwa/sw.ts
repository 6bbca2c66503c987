/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { notificationOf, type PushPayload } from './notification-text';

/**
 * The service worker (issue 26 item 2, decision 0051). Built by vite-plugin-pwa (`injectManifest`), which
 * writes the build's file list into `self.__WB_MANIFEST`.
 *
 * - The hashed assets, fonts, icons and the offline page are precached at install: the second open takes
 *   them from here instead of a 3G line.
 * - Nothing under `/api` (nor any other request the precache does not hold) is answered from a cache: no
 *   route matches it, so the browser sends it to the network as if there were no worker.
 * - A page (navigation) always comes from the network, never a stored copy: the server's `index.html` is
 *   per route and preloads `/api/user`; when the network is gone the Khmer offline page is shown instead.
 * - A new version waits: it takes over only when the page posts `SKIP_WAITING` (the player's tap on the update
 *   prompt), never under a player mid-bet.
 * - Web push: the server's message (a kind and a page, never an amount) becomes a Khmer-first notification.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const OFFLINE_URL = 'offline.html';

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return (await matchPrecache(OFFLINE_URL)) ?? Response.error();
      }
    },
    // The API's and the studio's pages are not the app's: left to the browser entirely.
    {
      denylist: [/^\/api\//, /^\/sanctum\//, /^\/provider\//, /^\/docs/, /^\/healthz/, /^\/metrics/, /^\/ws/],
    },
  ),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  let payload: PushPayload | null = null;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    payload = null;
  }
  const { title, options } = notificationOf(payload);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
