/**
 * (d) Buy now through the confirm dialog: the buyer is congratulated; another visitor's open
 * page learns of the sale live and shows the sold notice.
 */
import assert from 'node:assert/strict';
import { expectToast } from '../support/browser.mjs';

export default {
  name: '(d) buy now through the confirm dialog → success, winner notice, sold notice for others',
  timeoutMs: 60_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'بائع الشراء الفوري' });
    const buyer = await ctx.data.createMember({ name: 'هند المشترية' });
    const auction = await ctx.data.createAuction(seller, {
      title: 'كاميرا رقمية احترافية',
      startingPrice: 100,
      buyNowPrice: 250,
    });

    const other = await ctx.open({ label: 'visitor' });
    await other.visit(`/auction/${auction._id}`);
    await other.page.getByRole('heading', { level: 1, name: 'كاميرا رقمية احترافية' }).waitFor();
    await other.waitForRoomJoin(auction._id);

    const me = await ctx.open({ member: buyer, label: 'buyer' });
    const { page } = me;
    await me.visit(`/auction/${auction._id}`);
    await page.getByRole('heading', { level: 1, name: 'كاميرا رقمية احترافية' }).waitFor();

    await page.getByRole('button', { name: 'شراء فوري', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'تأكيد الشراء الفوري' });
    await dialog.waitFor();
    const text = await dialog.innerText();
    assert.ok(text.includes('كاميرا رقمية احترافية'), `the dialog names the item: ${text}`);
    assert.ok(text.includes('250.000 د.أ'), `the dialog shows the price: ${text}`);
    await me.screenshot('buy-now-confirm');
    await dialog.getByRole('button', { name: 'تأكيد الشراء' }).click();

    await expectToast(page, 'تم شراء المنتج بنجاح، تم إلغاء جميع المزايدات وإنهاء المزاد');
    // The winner is told what happens next (docs/auctions.md, "The auction page (web)").
    await page
      .getByRole('region', { name: 'ماذا بعد البيع؟' })
      .getByText(/مبروك! فزت بهذا المزاد/)
      .waitFor();
    await page.getByTestId('current-price').filter({ hasText: '250.000 د.أ' }).waitFor();
    assert.equal(
      await page.getByRole('button', { name: 'شراء فوري', exact: true }).count(),
      0,
      'no buy-now button once sold',
    );
    assert.equal(await page.getByRole('button', { name: 'تأكيد المزايدة' }).count(), 0, 'no bid form once sold');
    await me.screenshot('auction-sold-winner');

    // The other page, never reloaded, follows the sale.
    await expectToast(other.page, 'تم شراء المزاد بواسطة هند المشترية');
    await other.page.getByText('تم بيع هذا المزاد').waitFor();
    await other.page
      .getByText(/الحالة:\s*مباع/)
      .first()
      .waitFor();
    await other.screenshot('auction-sold-visitor');

    const after = await ctx.data.getAuction(auction._id);
    assert.equal(after.status, 'مباع');
    assert.equal(after.winner?._id, buyer.id);
  },
};
