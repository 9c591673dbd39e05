/**
 * (g) Selling: a member creates an auction with two images through the form (live buy-now
 * message, a file over 5 MB refused before upload, upload progress) → its page, then the home
 * page finds it by its words, with its image; the seller edits it once (one image replaced through
 * POST /api/upload/images), a second edit is refused with the toast and goes home; another
 * auction is deleted after confirmation. axe-core on both forms (no serious or critical
 * violation); screenshots light/dark, 360 px and desktop.
 */
import assert from 'node:assert/strict';
import { expectToast } from '../support/browser.mjs';
import { makePng } from '../support/data.mjs';
import { checkScreens } from '../support/screens.mjs';

const png = async (name, colour) => ({ name, mimeType: 'image/png', buffer: await makePng(colour, 320, 240) });

export default {
  name: '(g) create an auction with two images → home shows it; one edit, a second is refused; delete',
  timeoutMs: 240_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'ليلى البائعة' });
    const me = await ctx.open({ member: seller, label: 'seller' });
    const { page } = me;

    // ----- Create -----
    await me.visit('/create-auction');
    await page.getByRole('heading', { level: 1, name: 'إنشاء مزاد جديد' }).waitFor();
    await page.getByLabel('عنوان المزاد').fill('دراجة هوائية جبلية');
    await page.getByLabel('وصف المزاد').fill('دراجة بحالة ممتازة، مقاس 26، مع خوذة.');
    await page.getByLabel('الفئة').selectOption('متنوعة');
    await page.getByLabel('مدة المزاد').selectOption('1h');
    await page.getByLabel(/السعر الابتدائي/).fill('25.5');
    await page.getByLabel('إضافة سعر شراء فوري').check();
    await page.getByLabel(/سعر الشراء الفوري/).fill('20');
    await page.getByText('يجب أن يكون سعر الشراء الفوري أعلى من السعر الابتدائي').waitFor();
    await page.getByLabel(/سعر الشراء الفوري/).fill('80.250');
    await page.getByText('يجب أن يكون سعر الشراء الفوري أعلى من السعر الابتدائي').waitFor({ state: 'detached' });

    const files = page.getByLabel(/صور المزاد/);
    // Over 5 MB: refused at once, nothing uploaded.
    await files.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 10) });
    await page.getByText('حجم الصورة «huge.png» أكبر من 5 ميغابايت، اختر صورة أصغر').waitFor();
    await files.setInputFiles([
      await png('front.png', { r: 200, g: 80, b: 40 }),
      await png('side.png', { r: 40, g: 90, b: 200 }),
    ]);
    assert.equal(
      await page.getByRole('list', { name: 'الصور المختارة' }).getByRole('img').count(),
      2,
      'two thumbnails',
    );
    await checkScreens(me, 'create-auction');

    const created = page.waitForResponse((r) => r.url().endsWith('/api/auctions') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'نشر المزاد' }).click();
    const response = await created;
    assert.equal(response.status(), 201, 'the auction was created');
    const auction = await response.json();
    await expectToast(page, 'تم إنشاء المزاد بنجاح');
    await page.waitForURL((url) => url.pathname === `/auction/${auction._id}`);
    await page.getByRole('heading', { level: 1, name: 'دراجة هوائية جبلية' }).waitFor();
    const stored = await ctx.data.getAuction(auction._id);
    assert.equal(stored.images.length, 2, 'both images stored');
    assert.equal(stored.startingPrice, 25.5);
    assert.equal(stored.buyNowPrice, 80.25);

    // ----- The home page finds it by its words (the list's own order, ending soonest first,
    // may put a new auction further down), with its image -----
    await me.visit(`/?search=${encodeURIComponent('دراجة جبلية')}`);
    // This auction's card: other journeys list bicycles of the same title.
    const card = page
      .locator('article, li')
      .filter({ has: page.locator(`a[href$="/auction/${auction._id}"]`) })
      .first();
    await card.waitFor();
    const image = card.locator(`img[src*="${stored.images[0]}"]`).first();
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (src) => [...document.images].some((img) => img.src.includes(src) && img.complete && img.naturalWidth > 0),
      stored.images[0],
    );

    // ----- Edit once: new title, one image replaced -----
    await me.visit(`/edit-auction/${auction._id}`);
    await page.getByRole('heading', { level: 1, name: 'تعديل المزاد' }).waitFor();
    await page.getByText('تنبيه: يمكن تعديل المزاد مرة واحدة فقط').waitFor();
    assert.equal(await page.getByLabel('عنوان المزاد').inputValue(), 'دراجة هوائية جبلية', 'prefilled');
    assert.equal(await page.getByLabel(/سعر الشراء الفوري/).inputValue(), '80.25');
    await checkScreens(me, 'edit-auction');
    await page.getByLabel('عنوان المزاد').fill('دراجة هوائية جبلية (معدّلة)');
    await page.getByRole('button', { name: 'إزالة الصورة 2' }).click();
    await page.getByLabel(/صور المزاد/).setInputFiles([await png('new.png', { r: 20, g: 160, b: 60 })]);
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/upload/images'));
    await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
    assert.equal((await uploaded).status(), 201, 'the new image went through POST /api/upload/images');
    await expectToast(page, 'تم تحديث المزاد بنجاح');
    await page.waitForURL((url) => url.pathname === `/auction/${auction._id}`);
    await page.getByRole('heading', { level: 1, name: 'دراجة هوائية جبلية (معدّلة)' }).waitFor();
    const edited = await ctx.data.getAuction(auction._id);
    assert.equal(edited.hasBeenEdited, true);
    assert.equal(edited.images.length, 2);
    assert.equal(edited.images[0], stored.images[0], 'the kept image stays first');
    assert.notEqual(edited.images[1], stored.images[1], 'the second image was replaced');

    // ----- A second edit is refused -----
    me.allow(/status of 4\d\d/);
    await me.visit(`/edit-auction/${auction._id}`);
    await expectToast(page, 'لا يمكن تعديل المزاد إلا مرة واحدة فقط');
    await page.waitForURL((url) => url.pathname === '/');

    // ----- Someone else's auction: refused too -----
    const other = await ctx.data.createMember({ name: 'بائع آخر' });
    const foreign = await ctx.data.createAuction(other, { title: 'مزاد لا أملكه' });
    await me.visit(`/edit-auction/${foreign._id}`);
    await expectToast(page, 'لا يمكنك تعديل مزاد لا تملكه');
    await page.waitForURL((url) => url.pathname === '/');

    // ----- Delete after confirmation -----
    const doomed = await ctx.data.createAuction(seller, { title: 'مزاد سيحذف' });
    await me.visit(`/edit-auction/${doomed._id}`);
    await page.getByRole('heading', { level: 1, name: 'تعديل المزاد' }).waitFor();
    await page.getByRole('button', { name: 'حذف المزاد' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'حذف المزاد' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'نعم، احذف المزاد' }).click();
    await expectToast(page, 'تم حذف المزاد بنجاح');
    await page.waitForURL((url) => url.pathname === '/');
    const gone = await fetch(`${ctx.baseUrl}/api/auctions/${doomed._id}`);
    assert.equal(gone.status, 404, 'the deleted auction is gone');
  },
};
