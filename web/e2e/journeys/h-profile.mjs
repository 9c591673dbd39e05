/**
 * (h) Profiles: a member edits name, phone and location and uploads a profile image, reloads
 * and sees both; the credentials form's toasts; every tab is reachable and written into
 * ?tab=; a sold auction's deal is confirmed from the auctions table and the winner finds it in
 * the won tab; another visitor opens the public profile (no email, no phone). The user menu
 * leads to the member's bids, watchlist and won auctions; on a phone the tabs scroll sideways
 * with a hint on each side that has more, and the chosen tab is scrolled into view. axe-core on
 * every screen (no serious or critical violation); screenshots light/dark, 360 px and desktop.
 */
import assert from 'node:assert/strict';
import { DESKTOP, expectToast, PHONE } from '../support/browser.mjs';
import { makePng } from '../support/data.mjs';
import { assertAccessible, checkScreens } from '../support/screens.mjs';

async function buyNow(ctx, member, auctionId) {
  const res = await fetch(`${ctx.baseUrl}/api/auctions/${auctionId}/buy-now`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': crypto.randomUUID() },
  });
  assert.equal(res.status, 200, `buy-now: ${await res.text()}`);
}

const TABS = [
  ['مزاداتي', 'auctions'],
  ['مزايداتي', 'bids'],
  ['قائمة المتابعة', 'watchlist'],
  ['التقييمات', 'ratings'],
  ['المزادات الفائزة', 'won'],
  ['غير المباعة', 'unsold'],
  ['غير المباعة المؤرشفة', 'archived-unsold'],
];

export default {
  name: '(h) profile: edit and image survive a reload; tabs in ?tab=; confirm deal; public profile without contact details',
  timeoutMs: 300_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'رامي الحسن', location: 'إربد' });
    const buyer = await ctx.data.createMember({ name: 'نور المشترية' });
    const sold = await ctx.data.createAuction(seller, {
      title: 'آلة قهوة إيطالية',
      startingPrice: 40,
      buyNowPrice: 120,
    });
    await buyNow(ctx, buyer, sold._id);
    await ctx.data.createAuction(seller, { title: 'مصباح مكتب نحاسي', startingPrice: 15 });

    const me = await ctx.open({ member: seller, label: 'seller' });
    const { page } = me;

    // ----- Profile tab: edit, image, reload -----
    await me.visit('/profile');
    await page.getByRole('heading', { level: 1, name: 'الملف الشخصي' }).waitFor();
    assert.equal(
      await page.getByRole('list', { name: 'إحصائياتي' }).getByRole('listitem').count(),
      6,
      'six stat tiles',
    );
    await checkScreens(me, 'profile');

    await page.getByRole('button', { name: 'تعديل البيانات' }).click();
    await page.getByRole('textbox', { name: 'الاسم' }).fill('   ');
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expectToast(page, 'يرجى ملء جميع الحقول المطلوبة');
    await page.getByText('الاسم مطلوب').waitFor();
    await page.getByRole('textbox', { name: 'الاسم' }).fill('رامي الحسن الجديد');
    await page.getByLabel('رقم الهاتف').fill('+962 78 555 1234');
    await page.getByRole('textbox', { name: 'الموقع' }).fill('الزرقاء');
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expectToast(page, 'تم تحديث الملف الشخصي بنجاح');
    await page.getByTestId('profile-name').filter({ hasText: 'رامي الحسن الجديد' }).waitFor();

    const imageInput = page.getByLabel('تغيير الصورة الشخصية');
    await imageInput.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 10),
    });
    await page.getByText('حجم الصورة كبير جداً، الحد الأقصى 5 ميغابايت').waitFor();
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/users/profile-image'));
    await imageInput.setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await makePng({ r: 180, g: 30, b: 120 }, 200, 200),
    });
    assert.equal((await uploaded).status(), 200);
    await expectToast(page, 'تم تحديث الصورة الشخصية بنجاح');

    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByTestId('profile-name').filter({ hasText: 'رامي الحسن الجديد' }).waitFor();
    await page.getByTestId('profile-location').filter({ hasText: 'الزرقاء' }).waitFor();
    assert.ok((await page.getByText('+962 78 555 1234').count()) > 0, 'the new phone after the reload');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('img.profile-avatar')].some(
        (img) => img.src.includes('/uploads/') && img.complete && img.naturalWidth > 0,
      ),
    );

    // ----- Credentials: the three toasts' first two, then nothing sent -----
    await page.getByRole('button', { name: 'تحديث بيانات الدخول' }).click();
    await expectToast(page, 'يرجى إدخال كلمة المرور الحالية');
    await page.getByLabel('كلمة المرور الحالية').fill('secret123');
    await page.getByRole('button', { name: 'تحديث بيانات الدخول' }).click();
    await expectToast(page, 'يرجى تغيير البريد الإلكتروني أو إدخال كلمة مرور جديدة');

    // ----- Every tab, in the URL -----
    for (const [label, value] of TABS) {
      await page.getByRole('tab', { name: label, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === value);
      await page.getByRole('tab', { name: label, exact: true, selected: true }).waitFor();
    }
    // ---- The user menu: the member's bids, watchlist and won auctions ----
    await page.getByRole('button', { name: /رامي الحسن الجديد/ }).click();
    const menu = page.getByRole('menu', { name: 'قائمة المستخدم' });
    for (const [label, tab] of [
      ['مزايداتي', 'bids'],
      ['قائمة المتابعة', 'watchlist'],
      ['المزادات الفائزة', 'won'],
    ]) {
      assert.equal(await menu.getByRole('menuitem', { name: label }).getAttribute('href'), `/profile?tab=${tab}`);
    }
    await menu.getByRole('menuitem', { name: 'قائمة المتابعة' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'watchlist');
    await page.getByRole('tab', { name: 'قائمة المتابعة', selected: true }).waitFor();

    // ---- A phone: the tabs scroll sideways, with a hint where more tabs are ----
    await page.setViewportSize(PHONE);
    await me.visit('/profile');
    const frame = page.getByTestId('profile-tabs-frame');
    const hint = (side) => frame.locator(`.profile-tabs__hint--${side}`);
    await hint('after').waitFor({ state: 'visible' });
    assert.equal(await hint('before').isVisible(), false, 'nothing before the first tab');
    await me.visit('/profile?tab=archived-unsold');
    const last = page.getByRole('tab', { name: 'غير المباعة المؤرشفة', selected: true });
    await last.waitFor();
    await hint('before').waitFor({ state: 'visible' });
    await page.waitForFunction(() => {
      const tab = document.querySelector('#profile-tab-archived-unsold').getBoundingClientRect();
      const list = document.querySelector('[role="tablist"]').getBoundingClientRect();
      return tab.left >= list.left - 1 && tab.right <= list.right + 1;
    });
    await me.screenshot('profile-tabs-phone-end');
    await page.setViewportSize(DESKTOP);

    // Opening a tab by its URL.
    await me.visit('/profile?tab=auctions');
    const table = page.getByRole('region', { name: 'مزاداتي' });
    await table.getByRole('row', { name: /آلة قهوة إيطالية/ }).waitFor();
    const soldRow = table.getByRole('row', { name: /آلة قهوة إيطالية/ });
    assert.ok((await soldRow.innerText()).includes(`#${sold._id.slice(-6)}`), 'short id of 6 characters');
    assert.ok((await soldRow.innerText()).includes('مباع'), 'status badge');
    const openRow = table.getByRole('row', { name: /مصباح مكتب نحاسي/ });
    await openRow.getByRole('link', { name: 'تعديل مصباح مكتب نحاسي' }).waitFor();
    await checkScreens(me, 'profile-auctions');
    await soldRow.getByRole('button', { name: 'تأكيد الصفقة' }).click();
    // Asked once more, saying what it means.
    await page
      .getByRole('alertdialog', { name: 'تأكيد إتمام الصفقة' })
      .getByRole('button', { name: 'نعم، أتممت الصفقة' })
      .click();
    await expectToast(page, 'تم تأكيد الصفقة بنجاح');
    await soldRow.getByRole('button', { name: 'تأكيد الصفقة' }).waitFor({ state: 'detached' });
    assert.equal((await ctx.data.getAuction(sold._id)).isDealConfirmed, true);

    // ----- The winner's won tab -----
    const winner = await ctx.open({ member: buyer, label: 'buyer' });
    await winner.visit('/profile?tab=won');
    await winner.page
      .getByRole('region', { name: 'المزادات الفائزة النشطة' })
      .getByRole('row', { name: /آلة قهوة إيطالية/ })
      .waitFor();
    await checkScreens(winner, 'profile-won');
    await winner.visit('/profile?tab=bids');
    await winner.page.getByRole('tab', { name: 'مزايداتي', selected: true }).waitFor();
    await assertAccessible(winner.page, 'profile bids');

    // ----- Public profile: a visitor -----
    const visitor = await ctx.open({ label: 'visitor' });
    await visitor.visit(`/profile/${seller.id}`);
    await visitor.page.getByRole('heading', { level: 1, name: 'رامي الحسن الجديد' }).waitFor();
    await visitor.page.getByRole('heading', { name: 'المزادات الحالية' }).waitFor();
    await visitor.page.getByRole('link', { name: 'مصباح مكتب نحاسي' }).waitFor();
    const text = await visitor.page.locator('main').innerText();
    assert.ok(text.includes('الزرقاء'), 'location shown');
    assert.ok(!text.includes(seller.email), 'never the email');
    assert.ok(!text.includes('555 1234'), 'never the phone');
    assert.ok(!text.includes('آلة قهوة إيطالية'), 'only current auctions');
    await checkScreens(visitor, 'public-profile');
  },
};
