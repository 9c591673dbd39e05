/**
 * (p) The installable app (web/README.md, "Installable app"), in Chromium against the real server:
 * - the home page links the manifest, which parses with its Arabic names, right-to-left
 *   direction and icons (192 and 512, plain and maskable), each one a PNG the server sends;
 * - the service worker registers (/sw.js: JavaScript, revalidated), Chromium finds the app
 *   installable, and after a reload the worker controls the page;
 * - offline, a navigation gets the worker's offline shell: the app starts (its inline theme
 *   script allowed by the shell's own CSP: a refusal would be a console error, which fails the
 *   journey) and shows the offline notice, and the last lists read (/auctions, then / in the
 *   app) from the copies kept on the device, with «آخر تحديث قبل …» and no toast;
 * - back online, the shell reloads into the server's page (its first-page hints prove it came
 *   from the network) and the notice goes;
 * - no /api answer ever comes from the worker, and its caches hold no /api or /socket.io entry;
 * - uploaded images come from the network first: one removed on the server is gone on the next
 *   view, from the worker's cache too; one still there is stored, and shown offline;
 * - the home page's install section: the button when the browser offers to install (the offer
 *   dispatched as Chromium would: headless Chromium makes none), the steps on an iPhone.
 */
import assert from 'node:assert/strict';
import { unlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { PHONE } from '../support/browser.mjs';
import { checkScreens } from '../support/screens.mjs';

const OFFLINE_TEXT = 'أنت غير متصل بالإنترنت';
const SHELL_MARKER = 'meta[name="mazad-offline-shell"]';
/** The first-page hints the server adds to `/` (never in the precached index.html). */
const SERVER_HINTS = 'link[rel="preload"][as="fetch"]';
/** The worker's cache of uploaded images (web/src/lib/uploaded-images.ts). */
const IMAGES_CACHE = 'mazad-uploaded-images';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

export default {
  name: '(p) the installable app: manifest, service worker, offline shell and notice',
  timeoutMs: 120_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'بائع التطبيق' });
    const lamp = await ctx.data.createAuction(seller, {
      title: 'فانوس نحاسي للتطبيق',
      category: 'أثاث',
      startingPrice: 20,
    });
    const chair = await ctx.data.createAuction(seller, {
      title: 'كرسي خشبي قديم',
      category: 'أثاث',
      startingPrice: 15,
    });

    // Offline, the page's reads fail on purpose: the browser logs each one.
    const visitor = await ctx.open({
      label: 'visitor',
      allow: [/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch|WebSocket/],
    });
    const { page, context } = visitor;
    const apiFromWorker = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/') && response.fromServiceWorker())
        apiFromWorker.push(response.url());
    });

    await visitor.visit('/');
    await page.getByRole('article', { name: 'فانوس نحاسي للتطبيق' }).waitFor();

    // The browser's install offer turns the "coming soon" badges into a button that shows it.
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          window.__installPrompted = true;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(offer);
    });
    await page.getByRole('button', { name: 'ثبّت تطبيق مزاد' }).click();
    assert.equal(await page.evaluate(() => window.__installPrompted), true);

    // The manifest: linked, served, Arabic and right to left, with its icons.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    assert.equal(href, '/manifest.webmanifest');
    const manifestResponse = await page.request.get(href);
    assert.equal(manifestResponse.status(), 200);
    assert.match(manifestResponse.headers()['content-type'], /^application\/manifest\+json/);
    const manifest = await manifestResponse.json();
    assert.equal(manifest.short_name, 'مزاد');
    assert.match(manifest.name, /مزاد/);
    assert.equal(manifest.lang, 'ar');
    assert.equal(manifest.dir, 'rtl');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, '/');
    for (const purpose of ['any', 'maskable'])
      assert.deepEqual(
        manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes),
        ['192x192', '512x512'],
        `${purpose} icons`,
      );
    for (const icon of manifest.icons) {
      const res = await page.request.get(icon.src);
      assert.equal(res.status(), 200, icon.src);
      assert.equal(res.headers()['content-type'], 'image/png', icon.src);
    }

    // The worker registers once the page has settled, and controls the page after a reload.
    const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active.scriptURL);
    assert.equal(new URL(scriptURL).pathname, '/sw.js');
    const worker = await page.request.get('/sw.js');
    assert.match(worker.headers()['content-type'], /^(application|text)\/javascript/);
    assert.equal(worker.headers()['cache-control'], 'no-cache');
    // Chromium's own verdict: manifest, icons and worker make the app installable. Playwright's
    // contexts are incognito windows, where Chromium never installs: that one reason is expected.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(
      installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito'),
      [],
      'installability errors',
    );
    await cdp.detach();
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('article', { name: 'فانوس نحاسي للتطبيق' }).waitFor();
    assert.equal(await page.locator(SHELL_MARKER).count(), 0, 'online: the server page, not the shell');
    assert.ok((await page.locator(SERVER_HINTS).count()) > 0, "online: the server's own document for /");

    // Uploaded images through the worker: answered by the network, then stored.
    const kept = lamp.images[0];
    const removed = chair.images[0];
    const imageThroughWorker = (src, { stored }) =>
      page.evaluate(
        async ([src, cacheName, stored]) => {
          const status = (await fetch(src)).status;
          const cache = await caches.open(cacheName);
          // The worker stores the answer after handing it over: wait for it a little.
          for (let i = 0; i < 40 && Boolean(await cache.match(src)) !== stored; i++)
            await new Promise((r) => setTimeout(r, 50));
          return { status, stored: Boolean(await cache.match(src)) };
        },
        [src, IMAGES_CACHE, stored],
      );
    assert.deepEqual(await imageThroughWorker(kept, { stored: true }), { status: 200, stored: true });
    assert.deepEqual(await imageThroughWorker(removed, { stored: true }), { status: 200, stored: true });
    // The operator removes an image: gone on the next view, and from the worker's cache.
    unlinkSync(join(ctx.uploadDir, basename(removed)));
    assert.deepEqual(
      await imageThroughWorker(removed, { stored: false }),
      { status: 404, stored: false },
      'a removed image is gone on the next online view',
    );

    // /auctions read once online: its page is kept on the device (lib/query-persistence.ts).
    await visitor.visit('/auctions');
    await page.getByRole('article', { name: 'فانوس نحاسي للتطبيق' }).waitFor();
    await page.waitForFunction(() =>
      JSON.parse(localStorage.getItem('offlineCopies') ?? '{"state":{"queries":[]}}').state.queries.some(
        (q) => q.queryKey[1] === 'list' && q.queryKey[2]?.limit === 20,
      ),
    );

    // Offline: a navigation gets the shell, the app starts and says it is offline.
    await context.setOffline(true);
    await page.goto('/auctions', { waitUntil: 'domcontentloaded' });
    await page.locator(SHELL_MARKER).waitFor({ state: 'attached' });
    await page.getByRole('status').filter({ hasText: OFFLINE_TEXT }).waitFor();
    // The last list read, with how old it is, and no toast ("cannot connect" is for actions).
    const keptList = async (where) => {
      await page.getByRole('article', { name: 'فانوس نحاسي للتطبيق' }).waitFor();
      const notice = page.getByTestId('kept-copy-notice');
      await notice.waitFor();
      assert.match(
        await notice.innerText(),
        /^لا يوجد اتصال بالإنترنت\. نعرض آخر ما تم تحميله\. آخر تحديث قبل /,
        where,
      );
      assert.deepEqual(await page.locator('.toast__message').allInnerTexts(), [], `no toast on ${where}`);
    };
    await keptList('/auctions offline');
    // The home page, reached in the app: its list too.
    await page.getByRole('contentinfo').getByRole('link', { name: 'الرئيسية' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await keptList('/ offline');
    await visitor.screenshot('pwa-offline-home-kept');
    await page.getByRole('contentinfo').getByRole('link', { name: 'المزادات' }).click();
    await page.waitForURL('**/auctions');
    await visitor.checkDocument();
    // The shell's inline theme script ran: its CSP allowed it.
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
    await page.getByRole('banner').waitFor(); // the app's header: the shell's scripts run from the precache
    // An image seen online is shown offline, from the worker's cache.
    assert.deepEqual(await imageThroughWorker(kept, { stored: true }), { status: 200, stored: true }, 'offline image');
    // The notice in both themes, on a desktop and a 360 px phone: axe, no sideways overflow.
    await checkScreens(visitor, 'pwa-offline-shell');

    // Back online: the shell reloads into the server's page and the notice goes.
    await context.setOffline(false);
    await page.waitForFunction((marker) => !document.querySelector(marker), SHELL_MARKER);
    await page.waitForURL('**/auctions');
    await page.getByRole('article', { name: 'فانوس نحاسي للتطبيق' }).waitFor();
    assert.equal(await page.getByText(OFFLINE_TEXT).count(), 0);
    await page.getByTestId('kept-copy-notice').waitFor({ state: 'detached' });
    await visitor.checkDocument();

    // The worker answered no API call, and keeps none.
    assert.deepEqual(apiFromWorker, [], 'API answers from the service worker');
    const cached = await page.evaluate(async () => {
      const urls = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
      }
      return urls;
    });
    assert.ok(cached.includes('/index.html'), 'the shell is precached');

    // On an iPhone (Safari, no install prompt): the steps of "Add to Home Screen".
    // The home page lists the chair, whose image was removed above: its card's image is a 404.
    const iphone = await ctx.open({ label: 'iphone', viewport: PHONE, allow: [/status of 404 \(Not Found\)/] });
    await iphone.context.addInitScript((ua) => {
      Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => ua });
    }, IPHONE_SAFARI);
    await iphone.visit('/');
    const steps = iphone.page.getByRole('list', { name: 'خطوات الإضافة إلى الشاشة الرئيسية' });
    await steps.waitFor();
    assert.match(await steps.innerText(), /مشاركة[\s\S]*إضافة إلى الشاشة الرئيسية/);
    await steps.scrollIntoViewIfNeeded();
    await checkScreens(iphone, 'pwa-install-iphone');
    assert.deepEqual(
      cached.filter((path) => /^\/(api|socket\.io)(\/|$)/.test(path)),
      [],
      'API or socket answers in the caches',
    );
  },
};
