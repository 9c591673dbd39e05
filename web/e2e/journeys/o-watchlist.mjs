/**
 * (o) Watchlist and sharing. A member watches («متابعة») an auction from its page (the toggle turns pressed
 * and the count rises, also on a visitor's open page through `watch_count`), finds it in
 * /profile?tab=watchlist, and the list tab open in another tab of the same member follows a
 * save and an unsave made in the first one (`watchlist_changed`) without a reload. "مشاركة" in a
 * browser without the Web Share API copies the auction's public address and says so. «متابعة»
 * on a card of the home page watches the auction too (found in the list tab, pressed after a
 * reload, on a phone as on a desktop). axe-core on the auction page and the watchlist tab;
 * screenshots light/dark, 360 px and desktop.
 */
import assert from 'node:assert/strict';
import { expectToast, PHONE, socketConnected } from '../support/browser.mjs';
import { assertAccessible, checkScreens } from '../support/screens.mjs';

/** How long a live change may take to show (event delivery plus, for the list, one read). */
const LIVE_WITHIN_MS = 5_000;

export default {
  name: '(o) watchlist: save from the auction page, find it in ?tab=watchlist, live across tabs; share copies the link',
  timeoutMs: 180_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'منى البائعة' });
    const member = await ctx.data.createMember({ name: 'يزن المتابع' });
    const auction = await ctx.data.createAuction(seller, { title: 'دراجة هوائية جبلية', startingPrice: 75 });
    const auctionPath = `/auction/${auction._id}`;

    // ---- A visitor watches the page: the count follows the room ----
    const visitor = await ctx.open({ label: 'visitor' });
    await visitor.visit(auctionPath);
    await visitor.page.getByRole('heading', { level: 1, name: 'دراجة هوائية جبلية' }).waitFor();
    await visitor.waitForRoomJoin(auction._id);

    // ---- The member's second tab: the watchlist, empty so far ----
    const listTab = await ctx.open({ member, label: 'watchlist tab' });
    const listSocket = socketConnected(listTab.page);
    await listTab.visit('/profile?tab=watchlist');
    await listTab.page.getByRole('tab', { name: 'قائمة المتابعة', selected: true }).waitFor();
    await listTab.page.getByText(/قائمة المتابعة فارغة/).waitFor();
    await listSocket;

    // ---- The member saves the auction from its page ----
    const me = await ctx.open({ member, label: 'member' });
    const { page } = me;
    await me.visit(auctionPath);
    const save = page.getByRole('button', { name: /^متابعة \(/, pressed: false });
    await save.waitFor();
    assert.match(await save.innerText(), /\(0 متابع\)/);
    await save.click();
    await expectToast(page, 'تم حفظ المزاد في قائمة المتابعة');
    const saved = page.getByRole('button', { name: /متابَع/, pressed: true });
    await saved.waitFor();
    assert.match(await saved.innerText(), /\(1 متابع\)/);
    await visitor.page
      .getByRole('button', { name: /^متابعة \(/ })
      .filter({ hasText: '(1 متابع)' })
      .waitFor({ timeout: LIVE_WITHIN_MS });

    // The other tab's list follows without a reload.
    const row = listTab.page.getByRole('row', { name: /دراجة هوائية جبلية/ });
    await row.waitFor({ timeout: LIVE_WITHIN_MS });

    // A reload keeps the saved state (it is the server's).
    await me.visit(auctionPath);
    await page.getByRole('button', { name: /متابَع/, pressed: true }).waitFor();
    await assertAccessible(page, '/auction/{id} (saved)');

    // ---- Found in the profile's watchlist tab, with a link to the auction ----
    await me.visit('/profile?tab=watchlist');
    const table = page.getByRole('region', { name: 'قائمة المتابعة' });
    const link = table.getByRole('link', { name: 'دراجة هوائية جبلية' });
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), auctionPath);
    await assertAccessible(page, '/profile?tab=watchlist');
    await checkScreens(me, 'watchlist-tab');

    // ---- Unsaved on the auction page: the other tab's list empties live ----
    await me.visit(auctionPath);
    await page.getByRole('button', { name: /متابَع/, pressed: true }).click();
    await expectToast(page, 'تمت إزالة المزاد من قائمة المتابعة');
    await page.getByRole('button', { name: /^متابعة \(/, pressed: false }).waitFor();
    await listTab.page.getByText(/قائمة المتابعة فارغة/).waitFor({ timeout: LIVE_WITHIN_MS });
    await visitor.page
      .getByRole('button', { name: /^متابعة \(/ })
      .filter({ hasText: '(0 متابع)' })
      .waitFor({ timeout: LIVE_WITHIN_MS });

    // ---- «متابعة» on a card: watched from the home page, on a phone ----
    const lamp = await ctx.data.createAuction(seller, { title: 'مصباح طاولة عتيق', startingPrice: 20 });
    await page.setViewportSize(PHONE);
    await me.visit('/');
    const cardToggle = () =>
      page.getByRole('article', { name: 'مصباح طاولة عتيق' }).getByRole('button', { name: 'متابعة: مصباح طاولة عتيق' });
    await cardToggle().and(page.locator('[aria-pressed="false"]')).waitFor();
    await cardToggle().click();
    await expectToast(page, 'تم حفظ المزاد في قائمة المتابعة');
    await cardToggle().and(page.locator('[aria-pressed="true"]')).waitFor();
    await listTab.page.getByRole('row', { name: /مصباح طاولة عتيق/ }).waitFor({ timeout: LIVE_WITHIN_MS });
    // The state is the server's: a reload shows it pressed, the other auction's toggle not.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await cardToggle().and(page.locator('[aria-pressed="true"]')).waitFor();
    assert.equal(
      await page
        .getByRole('article', { name: 'دراجة هوائية جبلية' })
        .getByRole('button', { name: /^متابعة:/ })
        .getAttribute('aria-pressed'),
      'false',
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await cardToggle().click();
    await expectToast(page, 'تمت إزالة المزاد من قائمة المتابعة');
    await cardToggle().and(page.locator('[aria-pressed="false"]')).waitFor();
    assert.deepEqual(
      (
        await fetch(`${ctx.baseUrl}/api/users/me/watching?ids=${lamp._id}`, {
          headers: { authorization: `Bearer ${member.token}` },
        }).then((r) => r.json())
      ).auctionIds,
      [],
    );

    // ---- Share without the Web Share API: the link is copied and a toast says so ----
    const sharer = await ctx.open({ label: 'sharer' });
    await sharer.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await sharer.context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    await sharer.visit(auctionPath);
    await sharer.page.getByRole('button', { name: 'مشاركة' }).click();
    await expectToast(sharer.page, 'تم نسخ الرابط');
    const copied = await sharer.page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, `${ctx.baseUrl}${auctionPath}`);
    await checkScreens(sharer, 'auction-share');
  },
};
