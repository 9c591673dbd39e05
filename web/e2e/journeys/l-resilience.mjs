/**
 * (l) Live everywhere, against the real server:
 * - ten reloads of /profile made while the app is still checking the session (GET /api/auth/me
 *   held back, so every reload aborts it) leave the member signed in, token kept;
 * - the auction page survives a server restart: the socket shows "جارٍ إعادة الاتصال…" while the
 *   server is down, reconnects when it is back (no attempt limit), and the page reads the auction
 *   again, so it shows the price of a bid placed while it was away;
 * - a member who is not an operator and loads /banner-management (a full page load) is sent home
 *   with the "not permitted" message instead of the console's login;
 * - the seller of a buy-now sale without bids sees delete disabled, with the server's reason;
 * - a 404 opened as a tab's first page goes home from "back".
 */
import assert from 'node:assert/strict';
import { expectToast } from '../support/browser.mjs';
import { checkScreens } from '../support/screens.mjs';

const RECONNECTING = 'جارٍ إعادة الاتصال…';

export default {
  name: '(l) sessions survive reloads during start-up, the socket comes back after a server restart',
  timeoutMs: 180_000,
  async run(ctx) {
    const member = await ctx.data.createMember({ name: 'عضو الصمود' });
    const seller = await ctx.data.createMember({ name: 'بائع الصمود' });
    const bidder = await ctx.data.createMember({ name: 'مزايد الصمود' });

    // Signed in once, as a previous visit would have left it (not by an init script, which would
    // put the token back after every load and hide a sign-out).
    const handle = await ctx.open({ label: 'member' });
    const { page } = handle;
    await handle.visit('/about');
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    }, member);

    // The session check answers after 1.5 s: each reload below lands while it is in flight.
    await page.route('**/api/auth/me', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => {}); // the page that asked is gone
    });
    for (let i = 0; i <= 10; i += 1) {
      // Load /profile, then (ten times) reload as soon as its session check has started.
      const asked = page.waitForRequest('**/api/auth/me');
      if (i === 0) await handle.visit('/profile');
      else await page.reload({ waitUntil: 'domcontentloaded' });
      const token = await page.evaluate(() => localStorage.getItem('token'));
      assert.equal(token, member.token, `reload ${i} found the token gone (signed out by the aborted check)`);
      if (i < 10) await asked;
    }
    await page.getByRole('tablist', { name: 'أقسام الملف الشخصي' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/profile', 'still on /profile, not sent to /login');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), member.token, 'the token is kept');
    await page.unroute('**/api/auth/me');

    // The auction page, connected to its room.
    const auction = await ctx.data.createAuction(seller, { title: 'كاميرا فورية للصمود', startingPrice: 30 });
    await handle.visit(`/auction/${auction._id}`);
    await page.getByRole('heading', { level: 1, name: 'كاميرا فورية للصمود' }).waitFor();
    await handle.waitForRoomJoin(auction._id);
    const price = page.getByTestId('current-price');
    assert.equal((await price.innerText()).trim(), '30.000 د.أ');
    await page.evaluate(() => {
      window.__e2eNoReload = true;
    });

    // Reads of the auction from here on: the page makes one when its socket is back, which can be
    // before the restart below resolves, so the listener goes on first.
    const reads = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/auctions/${auction._id}`) reads.push(request.url());
    });

    // The server goes away: the page says it is reconnecting (and stays up).
    handle.allow(/WebSocket|socket|ERR_CONNECTION_REFUSED|Failed to load resource/);
    const restarted = ctx.restartServer();
    await page.getByRole('status').filter({ hasText: RECONNECTING }).waitFor({ timeout: 30_000 });
    await handle.screenshot('resilience-reconnecting');
    await restarted;

    // A bid lands as soon as the server is back (the page may not have reconnected yet); the page
    // reconnects and shows it, by the live event or by the re-read on reconnect.
    await ctx.data.placeBid(bidder, auction._id, 42);
    await page.getByTestId('current-price').filter({ hasText: '42.000 د.أ' }).waitFor({ timeout: 60_000 });
    await page.getByRole('status').filter({ hasText: RECONNECTING }).waitFor({ state: 'detached', timeout: 30_000 });
    assert.ok(reads.length >= 1, 'the auction was read again after the reconnection');
    assert.equal(await page.evaluate(() => window.__e2eNoReload), true, 'the page was not reloaded');

    // Live again: the next bid arrives without a reload.
    await page.waitForTimeout(500);
    await ctx.data.placeBid(bidder, auction._id, 50);
    await expectToast(page, 'مزايدة جديدة: 50.000 د.أ', 15_000);
    await page.getByTestId('current-price').filter({ hasText: '50.000 د.أ' }).waitFor();

    // The member's own auction sold by buy-now without a bid: no delete, what happens next instead.
    const sold = await ctx.data.createAuction(member, {
      title: 'مصباح مكتب للصمود',
      startingPrice: 20,
      buyNowPrice: 35,
    });
    await ctx.data.buyNow(bidder, sold._id, 35);
    await handle.visit(`/auction/${sold._id}`);
    await page.getByRole('region', { name: 'ماذا بعد البيع؟' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'حذف المزاد' }).count(), 0, 'no delete for a sold auction');
    await checkScreens(handle, 'resilience-sold-seller-box');

    // /banner-management loaded in full by a member: home, with the message (not the console login).
    await page.goto('/banner-management', { waitUntil: 'domcontentloaded' });
    await expectToast(page, 'ليس لديك صلاحية للوصول إلى هذه الصفحة');
    await page.waitForURL((url) => url.pathname === '/');

    // A 404 opened as the first page of a tab: "back" goes home.
    const lost = await ctx.open({ label: 'first-page-404' });
    await lost.visit('/no/such/page');
    await lost.page.getByRole('button', { name: 'العودة إلى الصفحة السابقة' }).click();
    await lost.page.waitForURL((url) => url.pathname === '/');
  },
};
