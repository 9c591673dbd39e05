/**
 * (q) Automatic bidding (R-MAX-BID): a member sets a maximum in the auction page's box; another
 * member's manual bid (through the API) is answered at once by the automatic bid, which the
 * first member's page shows live, marked "تلقائية", with their own maximum still shown to them;
 * the page is checked with axe and for overflow in both themes and sizes.
 */
import assert from 'node:assert/strict';
import { expectToast } from '../support/browser.mjs';
import { checkScreens } from '../support/screens.mjs';

export default {
  name: '(q) a maximum set in the bid box answers another member’s manual bid automatically',
  timeoutMs: 60_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'بائع المزايدة التلقائية' });
    const proxy = await ctx.data.createMember({ name: 'رنا صاحبة الحد' });
    const rival = await ctx.data.createMember({ name: 'وليد المنافس' });
    const auction = await ctx.data.createAuction(seller, { title: 'كاميرا رقمية احترافية', startingPrice: 40 });

    const me = await ctx.open({ member: proxy });
    const { page } = me;
    await me.visit(`/auction/${auction._id}`);
    await page.getByRole('heading', { level: 1, name: 'كاميرا رقمية احترافية' }).waitFor();
    await me.waitForRoomJoin(auction._id);

    const maximum = page.getByLabel('الحد الأقصى (د.أ)');
    assert.equal(await maximum.inputValue(), '41', 'the box suggests the price plus one step');
    await maximum.fill('60');
    await page.getByRole('button', { name: 'حفظ الحد الأقصى' }).click();
    await expectToast(page, 'تم حفظ حدك الأقصى، وأنت صاحب أعلى مزايدة');
    await page.getByTestId('own-max-bid').filter({ hasText: '60.000 د.أ' }).waitFor();
    await page.getByTestId('current-price').filter({ hasText: '41.000 د.أ' }).waitFor();

    await ctx.data.placeBid(rival, auction._id, 50);

    // The manual 50 is answered at once: 51 for the maximum's owner, seen live.
    await page.getByTestId('current-price').filter({ hasText: '51.000 د.أ' }).waitFor();
    const history = page.getByRole('list', { name: /سجل المزايدات/ });
    const newest = history.getByRole('listitem').first();
    await newest.filter({ hasText: 'تلقائية' }).waitFor();
    assert.match(await newest.innerText(), /51\.000/);
    await history.getByRole('listitem').nth(1).filter({ hasText: '50.000' }).waitFor();
    await page
      .getByTestId('own-max-bid')
      .filter({ hasText: '60.000 د.أ' })
      .filter({ hasText: 'أنت صاحب أعلى مزايدة' })
      .waitFor();

    // A manual bid above the maximum stands: the box says so, live.
    await ctx.data.placeBid(rival, auction._id, 65);
    await page.getByTestId('current-price').filter({ hasText: '65.000 د.أ' }).waitFor();
    await page.getByTestId('own-max-bid').filter({ hasText: 'تجاوزته مزايدة أخرى' }).waitFor();
    // The box with a maximum set: axe, no sideways overflow, light and dark, desktop and 360 px.
    await checkScreens(me, 'auction-max-bid');
  },
};
