/**
 * The app shell's service worker (docs/offline.md, decision 024), compiled by the build into `/sw.js`
 * (scripts/vite-plugins/app-shell-worker.ts, which writes in the list of files to precache): the page, the built JS
 * and CSS, the site's SVG images, the web app manifest and its icons. A navigation opens the precached index.html,
 * except /api, /login and /logout, which always go to the server. A new version waits until the page tells it to
 * take over (use-app-shell-worker.ts: at the next navigation).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: PrecacheEntry[] };

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/login(\/|$|\?)/, /^\/logout(\/|$|\?)/],
  }),
);
