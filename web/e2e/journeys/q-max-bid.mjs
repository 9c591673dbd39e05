/**
 * (q) Automatic bidding (R-MAX-BID): a member sets a maximum in the auction page's box (its field
 * empty at first, its action saying what it commits to); another member's manual bid (through the
 * API) is answered at once by the automatic bid, which the first member's page shows live, marked
 * "تلقائية", with their own maximum and their lead shown under the price; a manual bid above the
 * maximum turns that into «تم تجاوز مزايدتك»; the page is checked with axe and for overflow in both
 * themes and sizes.
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
    // Acted on one second after the page loaded: what happens before its socket joins the room
    // still shows (the page re-reads the auction once it joins).
    await page.waitForTimeout(1_000);

    // The field starts empty; the action says what it commits to, following what is typed.
    const maximum = page.getByLabel('الحد الأقصى (د.أ)');
    assert.equal(await maximum.inputValue(), '', 'the maximum starts empty: one tap sets nothing');
    await maximum.fill('50');
    await page.getByRole('button', { name: 'زايد تلقائياً حتى 50.000 د.أ' }).click();
    await expectToast(page, 'تم حفظ حدك الأقصى، وأنت صاحب أعلى مزايدة');
    await page.getByTestId('own-max-bid').filter({ hasText: '50.000 د.أ' }).waitFor();
    await page.getByTestId('current-price').filter({ hasText: '41.000 د.أ' }).waitFor();
    await page.getByTestId('standing').filter({ hasText: 'أنت صاحب أعلى مزايدة' }).waitFor();

    await ctx.data.placeBid(rival, auction._id, 45);

    // The manual 45 is answered at once: 46 for the maximum's owner, seen live.
    await page.getByTestId('current-price').filter({ hasText: '46.000 د.أ' }).waitFor();
    const history = page.getByRole('list', { name: /سجل المزايدات/ });
    const newest = history.getByRole('listitem').first();
    await newest.filter({ hasText: 'تلقائية' }).waitFor();
    assert.match(await newest.innerText(), /46\.000/);
    await history.getByRole('listitem').nth(1).filter({ hasText: '45.000' }).waitFor();
    await page.getByTestId('standing').filter({ hasText: 'أنت صاحب أعلى مزايدة' }).waitFor();
    await page.getByTestId('own-max-bid').filter({ hasText: '50.000 د.أ' }).waitFor();

    // A manual bid above the maximum stands: the page says so under the price, live.
    await ctx.data.placeBid(rival, auction._id, 55);
    await page.getByTestId('current-price').filter({ hasText: '55.000 د.أ' }).waitFor();
    await page.getByTestId('standing').filter({ hasText: 'تم تجاوز مزايدتك' }).waitFor();
    // The box with a maximum set: axe, no sideways overflow, light and dark, desktop and 360 px.
    await checkScreens(me, 'auction-max-bid');
  },
};
