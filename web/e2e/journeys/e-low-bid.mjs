/**
 * (e) A low amount is refused: in the home card's bid modal and in the detail page's bid box,
 * confirm is disabled at and below the current price and enabled above it; a valid bid then
 * goes through. An amount typed with Arabic-Indic digits and the Arabic separators
 * («١٬٢٥٠٫٥٠٠», R-NUMBER-INPUT) is read, not emptied. The detail page on a 360 px phone screen,
 * with no sideways scrolling; the card's modal on a desktop (a phone's list is a compact row that
 * leads to the auction page, whose sticky bar bids).
 */
import assert from 'node:assert/strict';
import { DESKTOP, expectToast, horizontalOverflow, PHONE } from '../support/browser.mjs';

export default {
  name: '(e) the bid modal and the bid box keep confirm disabled at or below the current price (360 px phone)',
  timeoutMs: 60_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'بائع الساعة' });
    const member = await ctx.data.createMember({ name: 'عمر المزايد' });
    const auction = await ctx.data.createAuction(seller, {
      title: 'ساعة يد كلاسيكية',
      startingPrice: 20,
      images: undefined,
    });

    const me = await ctx.open({ member, viewport: PHONE });
    const { page } = me;

    // The bid modal of the home card (a desktop's card: a phone's compact row has no buttons).
    await page.setViewportSize(DESKTOP);
    await me.visit('/');
    await page.getByRole('button', { name: 'زايد الآن: ساعة يد كلاسيكية' }).click();
    const modal = page.getByRole('dialog', { name: 'المزايدة على: ساعة يد كلاسيكية' });
    await modal.waitFor();
    const modalAmount = modal.getByLabel('مبلغ المزايدة (د.أ)');
    const modalConfirm = page.getByRole('button', { name: 'تأكيد المزايدة' });
    assert.equal(
      await modalAmount.inputValue(),
      '21',
      'the modal is prefilled with the current price + one step (1 JOD at this price)',
    );
    await modalAmount.fill('20');
    assert.ok(await modalConfirm.isDisabled(), 'modal: disabled at the current price');
    await modalAmount.fill('15');
    assert.ok(await modalConfirm.isDisabled(), 'modal: disabled below the current price');
    await me.screenshot('bid-modal-low-amount');
    await modalAmount.fill('22');
    assert.ok(await modalConfirm.isEnabled(), 'modal: enabled above the current price');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    // The bid box of the detail page, on the phone.
    await page.setViewportSize(PHONE);
    await me.visit(`/auction/${auction._id}`);
    await page.getByRole('heading', { level: 1, name: 'ساعة يد كلاسيكية' }).waitFor();

    const amount = page.getByLabel('مبلغ المزايدة (د.أ)');
    const confirm = page.getByRole('button', { name: 'تأكيد المزايدة' });
    assert.equal(await amount.inputValue(), '21', 'prefilled with the current price + one step (1 JOD at this price)');
    // A text field read as typed: a browser's number field would empty Arabic-Indic digits.
    assert.equal(await amount.getAttribute('type'), 'text');
    assert.equal(await amount.getAttribute('inputmode'), 'decimal');
    assert.ok(await confirm.isEnabled());

    await amount.fill('20');
    assert.ok(await confirm.isDisabled(), 'disabled at the current price');
    await amount.fill('19.5');
    assert.ok(await confirm.isDisabled(), 'disabled below the current price');
    await me.screenshot('auction-low-bid-phone');
    await amount.fill('20.5');
    assert.ok(await confirm.isEnabled(), 'enabled above the current price');

    assert.ok((await horizontalOverflow(page)) <= 0, 'no sideways scrolling at 360 px');

    await confirm.click();
    await expectToast(page, 'تمت إضافة المزايدة بنجاح');
    await page.getByTestId('current-price').filter({ hasText: '20.500 د.أ' }).waitFor();
    assert.equal(await amount.inputValue(), '21.5', 'the suggestion follows the new price');
    await me.screenshot('auction-detail-phone');

    // Typed as an Arabic keyboard types it, on an auction at that price.
    const flat = await ctx.data.createAuction(seller, { title: 'شقة للإيجار', startingPrice: 1240, images: undefined });
    await me.visit(`/auction/${flat._id}`);
    await page.getByRole('heading', { level: 1, name: 'شقة للإيجار' }).waitFor();
    await amount.fill('١٬٢٥٠٫٥٠٠');
    assert.equal(await amount.inputValue(), '١٬٢٥٠٫٥٠٠', 'the typed amount stays as typed');
    assert.ok(await confirm.isEnabled(), 'and reads as 1,250.500 JOD');
    await me.screenshot('auction-arabic-digits-phone');
    await confirm.click();
    await expectToast(page, 'تمت إضافة المزايدة بنجاح');
    await page.getByTestId('current-price').filter({ hasText: '1,250.500 د.أ' }).waitFor();
  },
};
