/**
 * (r) The notification bell. A member bids, stays on the home page; another member outbids them
 * through the API: the bell's count rises without a reload (the `notification` socket event).
 * The member opens the bell: the outbid notice says the new price in JOD and leads to the
 * auction; opening it marks it read (the count goes back to none) and a reload keeps that.
 * axe-core with the panel open; screenshots light/dark, 360 px and desktop.
 */
import assert from 'node:assert/strict';
import { assertAccessible, checkScreens } from '../support/screens.mjs';
import { socketConnected } from '../support/browser.mjs';

/**
 * How long a live change may take to show: an outbid notice waits OUTBID_NOTICE_DELAY (3 s),
 * gathering the outbids that follow (R-NOTICE-OUTBID-COALESCED), then 5 s as any live change.
 */
const LIVE_WITHIN_MS = 8_000;

export default {
  name: '(r) bell: an outbid member sees the count rise live, opens the notice and lands on the auction',
  timeoutMs: 180_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'سلمى البائعة' });
    const member = await ctx.data.createMember({ name: 'عمر المزايد' });
    const rival = await ctx.data.createMember({ name: 'رامي المنافس' });
    const auction = await ctx.data.createAuction(seller, { title: 'كاميرا فورية قديمة', startingPrice: 40 });
    await ctx.data.placeBid(member, auction._id, 41);

    const me = await ctx.open({ member, label: 'member' });
    const { page } = me;
    const connected = socketConnected(page);
    await me.visit('/about');
    const bell = page.getByRole('button', { name: /^الإشعارات/ });
    await bell.waitFor();
    assert.equal(await bell.getAttribute('aria-label'), 'الإشعارات، لا جديد');
    await connected;

    // ---- Outbid elsewhere: the count rises on the open page ----
    await ctx.data.placeBid(rival, auction._id, 45.5);
    await page.getByRole('button', { name: 'الإشعارات، 1 غير مقروءة' }).waitFor({ timeout: LIVE_WITHIN_MS });
    assert.equal(await page.getByTestId('bell-badge').innerText(), '1');

    // ---- The panel: the notice, its price, its link ----
    await bell.click();
    const panel = page.getByRole('region', { name: 'الإشعارات' });
    await panel.waitFor();
    const notice = panel.getByRole('link', { name: /تم تجاوز مزايدتك/ });
    assert.match(await notice.innerText(), /كاميرا فورية قديمة/);
    assert.match(await notice.innerText(), /45\.500 د\.أ/);
    assert.equal(await notice.getAttribute('href'), `/auction/${auction._id}`);
    await assertAccessible(page, 'bell panel');
    await checkScreens(me, 'bell-panel', {
      check: async () => {
        if (!(await panel.isVisible())) await bell.click();
        await panel.waitFor();
      },
    });

    // ---- Opening it: the auction's page, the notice read ----
    if (!(await panel.isVisible())) await bell.click();
    await panel.getByRole('link', { name: /تم تجاوز مزايدتك/ }).click();
    await page.waitForURL(`**/auction/${auction._id}`);
    await page.getByRole('heading', { level: 1, name: 'كاميرا فورية قديمة' }).waitFor();
    await page.getByRole('button', { name: 'الإشعارات، لا جديد' }).waitFor({ timeout: LIVE_WITHIN_MS });

    // A reload keeps it (the server's record).
    await me.visit('/about');
    await page.getByRole('button', { name: 'الإشعارات، لا جديد' }).waitFor();
    await page.getByRole('button', { name: 'الإشعارات، لا جديد' }).click();
    await page
      .getByRole('region', { name: 'الإشعارات' })
      .getByRole('link', { name: /تم تجاوز مزايدتك/ })
      .waitFor();
    // Escape closes the panel and gives the focus back to the bell.
    await page.keyboard.press('Escape');
    assert.equal(await page.getByRole('region', { name: 'الإشعارات' }).count(), 0);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'الإشعارات، لا جديد');
  },
};
