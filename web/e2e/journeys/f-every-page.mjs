/**
 * (f) Every page, for a visitor and for a member, is Arabic and right-to-left
 * (<html lang="ar" dir="rtl">), logs no console error or uncaught exception and has no serious
 * or critical axe-core violation. The one
 * failure provoked on purpose (a missing auction's 404) is allowed; it says the auction is no longer
 * available, on its own address.
 * The inline theme script runs under the Content-Security-Policy before any script file loads.
 */
import assert from 'node:assert/strict';
import { assertAccessible } from '../support/screens.mjs';

const PUBLIC_PAGES = [
  '/',
  '/auctions',
  '/login',
  '/register',
  '/forgot-password',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/announcement-details',
  '/no-such-page',
];
const MEMBER_PAGES = ['/', '/profile', '/create-auction', '/messages', '/archive'];

async function settle(page) {
  // A page is there when its main area has a heading (every screen has one).
  await page.locator('main').getByRole('heading').first().waitFor({ timeout: 15_000 });
  await page.waitForTimeout(250);
}

export default {
  name: '(f) every visited page is <html lang="ar" dir="rtl"> with no console errors and no serious axe violation',
  timeoutMs: 120_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'بائع صفحات' });
    const member = await ctx.data.createMember({ name: 'عضو زائر للصفحات' });
    const auction = await ctx.data.createAuction(seller, {
      title: 'طاولة خشبية',
      category: 'أثاث',
      startingPrice: 30,
      buyNowPrice: 90,
    });

    const visitor = await ctx.open({ label: 'visitor' });
    for (const path of [...PUBLIC_PAGES, `/auction/${auction._id}`]) {
      await visitor.visit(path);
      await settle(visitor.page);
      await visitor.checkDocument();
      await assertAccessible(visitor.page, `${path} (visitor)`);
    }
    await visitor.screenshot('auction-detail-visitor');

    // A missing auction: "no longer available" on its own address, with open auctions to go on
    // with (no bounce home). Its 404 is the one expected error.
    visitor.allow(/status of 404/);
    await visitor.visit('/auction/00000000-0000-4000-8000-000000000000');
    await visitor.page.getByRole('heading', { level: 1, name: 'لم يعد هذا المزاد متاحاً' }).waitFor();
    assert.equal(new URL(visitor.page.url()).pathname, '/auction/00000000-0000-4000-8000-000000000000');
    await visitor.checkDocument();

    const signedIn = await ctx.open({ member, label: 'member' });
    for (const path of [...MEMBER_PAGES, `/auction/${auction._id}`]) {
      await signedIn.visit(path);
      await settle(signedIn.page);
      await signedIn.checkDocument();
      await assertAccessible(signedIn.page, `${path} (member)`);
    }
    await signedIn.screenshot('auction-detail-member');

    // Dark mode keeps the page readable: the toggle switches the theme of <html>.
    await signedIn.page.getByRole('button', { name: 'الوضع الداكن' }).click();
    assert.equal(await signedIn.page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await signedIn.screenshot('auction-detail-dark');

    // The saved theme applies before any script file has arrived: the inline theme script of
    // index.html runs under the CSP (allowed by its hash) and the boot shell paints in dark.
    const early = await ctx.open({ label: 'boot shell', allow: [/Failed to load resource|ERR_FAILED/] });
    await early.context.addInitScript(() => window.localStorage.setItem('darkMode', 'true'));
    await early.page.route('**/assets/**', (route) => route.abort());
    await early.visit('/');
    assert.equal(await early.page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    assert.equal(await early.page.locator('.boot-shell').isVisible(), true, 'the boot shell paints without the bundle');
    early.assertNoErrors(); // a blocked inline script would log a Content-Security-Policy error

    assert.ok(visitor.visited.size >= PUBLIC_PAGES.length, `visited ${[...visitor.visited].join(', ')}`);
    visitor.assertNoErrors();
    signedIn.assertNoErrors();
  },
};
