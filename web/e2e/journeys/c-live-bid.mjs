/**
 * (c) Two members: member 1 watches the auction page; member 2 bids (through the API) →
 * member 1's page shows the new price, the history entry and the toast without a reload.
 */
import assert from 'node:assert/strict';
import { expectToast } from '../support/browser.mjs';

export default {
  name: '(c) a bid by another member reaches an open auction page live (price and toast, no reload)',
  timeoutMs: 60_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'بائع المزاد المباشر' });
    const watcher = await ctx.data.createMember({ name: 'مراقب المزاد' });
    const bidder = await ctx.data.createMember({ name: 'سامر المزايد' });
    const auction = await ctx.data.createAuction(seller, { title: 'دراجة هوائية جبلية', startingPrice: 40 });

    const one = await ctx.open({ member: watcher });
    const { page } = one;
    await one.visit(`/auction/${auction._id}`);
    await page.getByRole('heading', { level: 1, name: 'دراجة هوائية جبلية' }).waitFor();
    const price = page.getByTestId('current-price');
    assert.equal((await price.innerText()).trim(), '40.000 د.أ');
    // Mark the document: a reload would lose the mark.
    await page.evaluate(() => {
      window.__e2eNoReload = true;
    });
    await one.waitForRoomJoin(auction._id);

    await ctx.data.placeBid(bidder, auction._id, 55.5);

    await expectToast(page, 'مزايدة جديدة: 55.500 د.أ');
    await page.getByTestId('current-price').filter({ hasText: '55.500 د.أ' }).waitFor();
    const history = page.getByRole('list', { name: /سجل المزايدات/ });
    await history.getByRole('listitem').first().filter({ hasText: 'سامر المزايد' }).waitFor();
    assert.equal(await page.evaluate(() => window.__e2eNoReload), true, 'the page was not reloaded');
    await one.screenshot('auction-live-bid');

    // The bid box now suggests the new price + one step (1 JOD at this price).
    assert.equal(await page.getByLabel('مبلغ المزايدة (د.أ)').inputValue(), '56.5');
  },
};
