/**
 * (k) The operator console (/admin), against the real server: the admin signs in with the
 * panel password; adds a banner and sees it on the member home page, hides it and sees it
 * gone; edits the main banner and a feature card (the home page's welcome block and cards);
 * saves the announcement and reads it on /announcement-details; sets a member's password and
 * that member signs in with it; cancels one bid of an auction with a reason (R-BID-OPERATOR-CANCEL:
 * the price falls back); deletes an auction and it leaves the home page; reads the
 * contact message a visitor sent from /contact and marks it handled. An admin-login session
 * of the member site opens the console directly; a member token never does. Every console
 * screen is photographed (console-*.png).
 *
 * Needs admin/dist (npm run build -w admin) and the runner's `ctx.admin` credentials.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { expectToast } from '../support/browser.mjs';
import { makePng } from '../support/data.mjs';

const tag = () => randomBytes(3).toString('hex');

/** The console's toast (MUI snackbar of react-admin). */
async function expectNotice(page, text) {
  await page
    .locator('.MuiSnackbarContent-message', { hasText: text })
    .first()
    .waitFor({ state: 'visible', timeout: 15_000 });
}

async function consoleGo(handle, hash) {
  await handle.page.goto(`/admin/${hash}`, { waitUntil: 'domcontentloaded' });
  await handle.checkDocument();
}

/** Pages that visit the home page as a newcomer each time (the welcome card shows on a first visit only). */
const newcomers = new WeakSet();

/** The member home page has loaded its data (stats, list or empty state, site content). */
async function homeSettled(page) {
  if (!newcomers.has(page)) {
    newcomers.add(page);
    // The operator's welcome text is checked where a newcomer sees it.
    await page.addInitScript(() => localStorage.removeItem('welcomeSeen'));
  }
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByTestId('site-welcome').waitFor();
  await page.locator('.auction-grid, .empty-state').first().waitFor();
  await page.waitForTimeout(300);
}

export default {
  name: '(k) the operator console runs the site: banners, site content, announcement, users, auctions, contact inbox',
  timeoutMs: 300_000,
  async run(ctx) {
    assert.ok(ctx.admin, 'the runner passes the console administrator (ctx.admin)');
    const consoleIndex = await fetch(`${ctx.baseUrl}/admin/`, { headers: { accept: 'text/html' } });
    assert.equal(consoleIndex.status, 200, 'the server serves the console: build it first (npm run build -w admin)');
    const seller = await ctx.data.createMember({ name: 'بائع لوحة الإدارة' });
    const target = await ctx.data.createMember({ name: `عضو كلمة المرور ${tag()}` });
    const doomedTitle = `ساعة للحذف ${tag()}`;
    const doomed = await ctx.data.createAuction(seller, {
      title: doomedTitle,
      category: 'إكسسوارات',
      startingPrice: 25,
    });
    // Two bids of one member on it: the operator cancels the second (a typo of 300 for 30).
    await ctx.data.placeBid(target, doomed._id, 28);
    await ctx.data.placeBid(target, doomed._id, 300);

    // A visitor writes through the member site's contact form.
    const visitor = await ctx.open({ label: 'visitor' });
    const sender = `زائر التواصل ${tag()}`;
    const contactText = `الصور لا تظهر في صفحة المزاد ${tag()}`;
    await visitor.visit('/contact');
    await visitor.page.getByLabel('الاسم', { exact: true }).fill(sender);
    await visitor.page.getByLabel('البريد الإلكتروني', { exact: true }).fill('visitor@example.jo');
    await visitor.page.getByLabel('الموضوع', { exact: true }).selectOption('bug');
    await visitor.page.getByLabel('الرسالة', { exact: true }).fill(contactText);
    await visitor.page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await expectToast(visitor.page, 'تم إرسال رسالتك بنجاح، سنرد عليك قريباً');

    // The admin signs in with the panel password (/admin-login leads into the console).
    const op = await ctx.open({ label: 'admin' });
    const { page } = op;
    const started = Date.now();
    await op.visit('/admin-login');
    await page.locator('input[name="email"]').waitFor();
    const formMs = Date.now() - started;
    await page.locator('input[name="email"]').fill(ctx.admin.email);
    await page.locator('input[name="password"]').fill(ctx.admin.password);
    await page.locator('input[name="adminPassword"]').fill(ctx.admin.panelPassword);
    await op.screenshot('console-login');
    const submitted = Date.now();
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.getByTestId('stat-totalUsers').waitFor();
    console.log(`    console: login form after ${formMs} ms, dashboard ${Date.now() - submitted} ms after submit`);
    await page.getByTestId('chart-activity').locator('svg').first().waitFor();
    await page.getByTestId('ending-soon').getByText(doomedTitle).waitFor();
    await op.screenshot('console-dashboard');

    // Banners: /banner-management opens them; add one, see it on the home page, hide it.
    const bannerText = `مزاد الساعات الكبير ${tag()}`;
    await op.visit('/banner-management');
    await page.waitForURL('**/admin/#/banners');
    await page.getByRole('link', { name: 'إنشاء' }).first().click();
    await page.getByLabel('نص الإعلان').fill(`  ${bannerText}  `);
    await op.screenshot('console-banner-create');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expectNotice(page, 'تمت إضافة الإعلان بنجاح');
    await page.getByRole('cell', { name: bannerText }).waitFor();
    await op.screenshot('console-banners');

    await homeSettled(visitor.page);
    await visitor.page.locator('.announcement__text', { hasText: bannerText }).waitFor();

    await page
      .getByRole('switch', { name: `ظاهر: ${bannerText}` })
      .or(page.getByRole('checkbox', { name: `ظاهر: ${bannerText}` }))
      .click();
    await expectNotice(page, 'تم إخفاء الإعلان');
    await homeSettled(visitor.page);
    assert.equal(
      await visitor.page.locator('.announcement__text', { hasText: bannerText }).count(),
      0,
      'a hidden banner leaves the home page',
    );

    // Site content: the main banner and a feature card, read back on the home page.
    const welcome = `أهلاً بكم في مزاد ${tag()}`;
    const featureTitle = `مزادات موثوقة ${tag()}`;
    await consoleGo(op, '#/site-content');
    await page.locator('input[name="banner-title"]').fill(welcome);
    await page.getByRole('button', { name: 'حفظ البانر' }).click();
    await expectNotice(page, 'تم حفظ البانر الرئيسي بنجاح');
    await page
      .getByRole('button', { name: /^تعديل: / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="feature-title"]').fill('');
    assert.equal(
      await dialog.getByRole('button', { name: 'حفظ' }).isDisabled(),
      true,
      'save waits for all three fields',
    );
    await dialog.locator('input[name="feature-title"]').fill(featureTitle);
    await op.screenshot('console-feature-dialog');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expectNotice(page, 'تم حفظ الميزة بنجاح');
    await page.getByText(featureTitle).waitFor();
    await op.screenshot('console-site-content');

    await homeSettled(visitor.page);
    await visitor.page.getByRole('heading', { name: welcome }).waitFor();
    await visitor.page.getByTestId('site-features').getByText(featureTitle).waitFor();
    await visitor.screenshot('home-with-console-content');

    // The announcement page: text, schedule and an uploaded image, read on /announcement-details.
    const announcementTitle = `افتتاح موسم المزادات ${tag()}`;
    await consoleGo(op, '#/announcement');
    await page.locator('input[name="title"]').fill(announcementTitle);
    await page.locator('textarea[name="description"]').first().fill('مزادات خاصة طوال الأسبوع');
    await page.locator('input[name="schedule-date"]').fill('2026-12-01');
    await page.locator('input[name="schedule-start"]').fill('10:00');
    await page.locator('input[name="schedule-end"]').fill('18:00');
    await page
      .getByTestId('announcement-upload')
      .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await makePng({ r: 200, g: 90, b: 40 }) });
    await page.getByTestId('announcement-image').first().waitFor();
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expectNotice(page, 'تم حفظ صفحة الإعلان بنجاح');
    await op.screenshot('console-announcement');
    // Status messages clear after 3 s.
    await page
      .locator('.MuiSnackbarContent-message', { hasText: 'تم حفظ صفحة الإعلان بنجاح' })
      .waitFor({ state: 'detached', timeout: 6_000 });

    await visitor.visit('/announcement-details');
    await visitor.page.getByRole('heading', { name: announcementTitle }).waitFor();
    await visitor.page.getByText('مزادات خاصة طوال الأسبوع').waitFor();

    // Users: search, set a password (shown, then saved), the show page; the member signs in with it.
    const newPassword = `pw-${tag()}`;
    await consoleGo(op, '#/users');
    await page.getByPlaceholder('بحث بالاسم أو البريد أو الهاتف').fill(target.name);
    const row = page.getByRole('row').filter({ hasText: target.name });
    await row.waitFor();
    await page.waitForTimeout(600);
    await op.screenshot('console-users');
    await row.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    const pw = page.getByRole('dialog');
    await pw.getByLabel('كلمة المرور الجديدة').fill('123');
    await pw.getByRole('button', { name: 'حفظ' }).click();
    await pw.getByText('كلمة المرور يجب أن تكون 6 أحرف على الأقل').waitFor();
    await pw.getByLabel('كلمة المرور الجديدة').fill(newPassword);
    await pw.getByRole('button', { name: 'إظهار كلمة المرور' }).click();
    assert.equal(await pw.getByLabel('كلمة المرور الجديدة').getAttribute('type'), 'text');
    await pw.getByRole('button', { name: 'حفظ' }).click();
    await expectNotice(page, 'تم تغيير كلمة المرور بنجاح');
    await row.getByRole('link', { name: 'عرض' }).click();
    await page.getByTestId('user-stat-totalAuctions').waitFor();
    await page.getByText('لا توجد مزادات لهذا العضو').waitFor();
    await op.screenshot('console-user-show');

    const member = await ctx.open({ label: 'member-new-password' });
    await member.visit('/login');
    await member.page.getByLabel('البريد الإلكتروني', { exact: true }).fill(target.email);
    await member.page.getByLabel('كلمة المرور', { exact: true }).fill(newPassword);
    await member.page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await member.page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    assert.ok(
      await member.page.evaluate(() => Boolean(localStorage.getItem('token'))),
      'the member signed in with the new password',
    );

    // Auctions: filters, the show page (images, bids, chat panel), delete; it leaves the home page.
    await homeSettled(visitor.page);
    await visitor.page.getByText(doomedTitle).first().waitFor();
    await consoleGo(op, '#/auctions');
    await page.getByRole('row').filter({ hasText: doomedTitle }).waitFor();
    await op.screenshot('console-auctions');
    await page
      .getByRole('row')
      .filter({ hasText: doomedTitle })
      .getByRole('link', { name: 'عرض', exact: true })
      .click();
    await page.getByText('سجل المزايدات').waitFor();
    await page.getByRole('img', { name: doomedTitle }).first().waitFor();
    await op.screenshot('console-auction-show');
    // One bid cancelled with the reason its bidder reads; the price falls back to the other one.
    await page.getByRole('button', { name: /^إلغاء المزايدة: .*300\.000/ }).click();
    const cancelDialog = page.getByRole('dialog', { name: 'إلغاء المزايدة' });
    await cancelDialog.getByLabel(/سبب إلغاء المزايدة/).fill('أكد العضو أن المبلغ خطأ في الكتابة');
    await op.screenshot('console-cancel-bid');
    await cancelDialog.getByRole('button', { name: 'إلغاء المزايدة' }).click();
    await expectNotice(page, 'تم إلغاء المزايدة وإبلاغ صاحبها');
    await page.getByRole('row').filter({ hasText: '300.000' }).getByText('ملغاة').waitFor();
    const repriced = await ctx.data.getAuction(doomed._id);
    assert.equal(repriced.currentPrice, 28, 'the price fell back to the remaining bid');
    await page.getByRole('button', { name: 'حذف' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
    await page.waitForURL('**/admin/#/auctions');
    const stored = await fetch(`${ctx.baseUrl}/api/auctions/${doomed._id}`);
    assert.equal(stored.status, 404, 'a deleted auction is gone for members');
    await homeSettled(visitor.page);
    assert.equal(await visitor.page.getByText(doomedTitle).count(), 0, 'the deleted auction left the home page');

    // The contact inbox: unread, opened in place, marked handled.
    await consoleGo(op, '#/contact-messages');
    const message = page.getByRole('row').filter({ hasText: sender });
    await message.getByText('غير مقروءة').waitFor();
    await op.screenshot('console-contact-messages');
    await message.getByText(sender).click();
    await page.getByText(contactText).last().waitFor();
    await message.getByText('مقروءة', { exact: true }).waitFor();
    await message.getByRole('button', { name: 'تمت المعالجة' }).click();
    await expectNotice(page, 'تمت معالجة الرسالة');
    await op.screenshot('console-contact-message-open');

    // Dark theme, then logout back to the login form.
    await consoleGo(op, '#/');
    await page.getByTestId('stat-totalUsers').waitFor();
    await page.getByRole('button', { name: 'تبديل الوضع الفاتح/الداكن' }).click();
    await page.waitForTimeout(400);
    await op.screenshot('console-dashboard-dark');
    await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await page.locator('input[name="adminPassword"]').waitFor();

    // Single sign-on: an admin-login session of the member site opens the console at once...
    const login = await fetch(`${ctx.baseUrl}/api/auth/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: ctx.admin.email,
        password: ctx.admin.password,
        adminPassword: ctx.admin.panelPassword,
      }),
    }).then((r) => r.json());
    const sso = await ctx.open({ label: 'admin-from-site', member: { token: login.token, user: login.user } });
    await sso.visit('/admin/');
    await sso.page.getByTestId('stat-totalUsers').waitFor();
    // ...and a member token never does.
    const plain = await ctx.open({ label: 'member-at-console', member: seller });
    await plain.visit('/admin/');
    await plain.page.locator('input[name="adminPassword"]').waitFor();
    await plain.page.waitForTimeout(500);
    assert.equal(await plain.page.getByTestId('stat-totalUsers').count(), 0);

    for (const handle of [visitor, op, member, sso, plain]) handle.assertNoErrors();
  },
};
