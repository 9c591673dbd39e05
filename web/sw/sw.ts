/// <reference lib="webworker" />
/**
 * The web app's service worker, served at /sw.js (built by vite-plugin-pwa's injectManifest
 * from Workbox modules; web/vite.config.ts). What it does, and what it never does (R-OFFLINE-SHELL),
 * is set out in web/README.md ("Installable app") and docs/security.md ("Service worker and CSP"):
 *
 * - Precaches the build's static files (scripts, styles, fonts, icons, index.html) so the app's
 *   shell starts without a network.
 * - Navigations go to the network, always, with no time-out: while online every page comes from
 *   the server together with the Content-Security-Policy made for it. Only when the network
 *   fails is the precached index.html answered: the offline shell, with the headers it was
 *   stored with (its own CSP, checked to allow its own inline script when it was stored),
 *   marked for the page.
 * - Uploaded images come from the network first: one an operator removed is gone on the next
 *   view; a stored copy (a bounded number, for a day) only answers when the network fails or
 *   is slow (../src/lib/uploaded-images.ts).
 * - Nothing else is handled: /api (bids, prices, every answer), /socket.io and the console
 *   (/admin) never pass through a cache of this worker.
 * - Web Push: shows a pushed notice and opens its page on a tap (./push.ts).
 */
import { clientsClaim } from 'workbox-core';
import { addPlugins, cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import {
  allowsItsInlineScripts,
  markOfflineShell,
  OFFLINE_SHELL_URL,
  SERVER_PATHS,
  UPLOADED_IMAGES,
} from '../src/lib/offline-shell';
import { uploadedImagesStrategy } from '../src/lib/uploaded-images';
import { handlePushes } from './push';

declare const self: ServiceWorkerGlobalScope;

// The first install takes the open page at once (nothing was serving it before). An updated
// worker waits until the app's pages are closed: pages of the old build keep the old build's
// files and shell, so a page never mixes two builds.
clientsClaim();

handlePushes();

// Navigations first: Workbox's router takes the first route that matches, and the precache's
// route would answer `/` and `/index.html` from the cache.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [
        {
          handlerDidError: async () => {
            const shell = await matchPrecache(OFFLINE_SHELL_URL);
            return shell && markOfflineShell(shell);
          },
        },
      ],
    }),
    { denylist: [SERVER_PATHS] },
  ),
);

// The shell is stored only with a policy that lets its own inline scripts run; otherwise this
// worker's install fails (the browser tries again on a later visit, the former worker stays).
// A plugin of ours replaces Workbox's own check, so it refuses error answers as that one does.
addPlugins([
  {
    cacheWillUpdate: async ({ request, response }) => {
      if (response.status >= 400) return null;
      if (new URL(request.url).pathname !== OFFLINE_SHELL_URL) return response;
      const html = await response.clone().text();
      return (await allowsItsInlineScripts(html, response.headers.get('Content-Security-Policy'))) ? response : null;
    },
  },
]);

// The build's files by their revision. No directory index and no clean URLs: the only way to
// the shell is the navigation route's fallback above.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && UPLOADED_IMAGES.test(url.pathname),
  uploadedImagesStrategy(),
);
