/**
 * (h) Profiles: a member edits name, phone and location and uploads a profile image, reloads
 * and sees both; the credentials form's toasts; every tab is reachable and written into
 * ?tab=; a sold auction's deal is confirmed from the auctions table and the winner finds it in
 * the won tab; another visitor opens the public profile (no email, no phone). axe-core on
 * every screen (no serious or critical violation); screenshots light/dark, 360 px and desktop.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DESKTOP, expectToast, horizontalOverflow, PHONE } from '../support/browser.mjs';
import { makePng } from '../support/data.mjs';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core in the page: no serious or critical violation in this screen. The shared header and
 * footer belong to the layout and are reported on their own, once.
 */
const layoutReported = new Set();
async function assertAccessible(page, label) {
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy forbids inline scripts.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  const run = (context) =>
    page.evaluate(async (ctx) => {
      const result = await window.axe.run(ctx ?? document, { resultTypes: ['violations'] });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.impact} ${v.id}: ${v.help} — ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(' | ')}`,
        );
    }, context);
  const violations = await run({ exclude: [['.site-header'], ['.site-footer']] });
  assert.deepEqual(violations, [], `axe on ${label}:\n${violations.join('\n')}`);
  for (const finding of await run({ include: [['.site-header'], ['.site-footer']] })) {
    if (!layoutReported.has(finding)) console.warn(`    axe (layout, not this screen): ${finding}`);
    layoutReported.add(finding);
  }
}

/** The outermost elements reaching past the viewport's sides (for the failure message). */
function widest(page) {
  return page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.left < -1 || box.right > window.innerWidth + 1) {
        if (!out.some((o) => o.el.contains(el)))
          out.push({
            el,
            text: `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(box.left)}..${Math.round(box.right)}`,
          });
      }
    }
    const spill = [...document.querySelectorAll('body, body *')]
      .filter(
        (el) =>
          getComputedStyle(el).overflowX === 'visible' && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0,
      )
      .slice(-4)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${el.scrollWidth}>${el.clientWidth}`);
    return `${out
      .slice(0, 5)
      .map((o) => o.text)
      .join(', ')}; spilling: ${spill.join(', ')}`;
  });
}

async function setTheme(page, dark) {
  await page.evaluate((value) => {
    localStorage.setItem('darkMode', String(value));
    document.documentElement.dataset.theme = value ? 'dark' : 'light';
  }, dark);
}

/** Light and dark, desktop and 360 px, each checked with axe; the page is left in light desktop. */
async function screenshots(handle, name) {
  const { page } = handle;
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    await page.setViewportSize(viewport);
    for (const dark of [false, true]) {
      await setTheme(page, dark);
      // A full-page capture draws the sticky header where the page is scrolled to: start at the top.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(150);
      await assertAccessible(page, `${name} ${size} ${dark ? 'dark' : 'light'}`);
      const overflow = await horizontalOverflow(page);
      assert.ok(overflow <= 1, `${name} ${size}: nothing sticks out sideways (${overflow}px: ${await widest(page)})`);
      await handle.screenshot(`${name}-${size}-${dark ? 'dark' : 'light'}`);
    }
  }
  await setTheme(page, false);
  await page.setViewportSize(DESKTOP);
}

/** GET /api/settings arrives with other work; a server built before it answers 404 (tolerated only then). */
async function allowMissingSettings(ctx, handle) {
  const res = await fetch(`${ctx.baseUrl}/api/settings`);
  if (res.status === 404) handle.allow(/status of 404/);
}

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
    await allowMissingSettings(ctx, me);

    // ----- Profile tab: edit, image, reload -----
    await me.visit('/profile');
    await page.getByRole('heading', { level: 1, name: 'الملف الشخصي' }).waitFor();
    assert.equal(
      await page.getByRole('list', { name: 'إحصائياتي' }).getByRole('listitem').count(),
      6,
      'six stat tiles',
    );
    await screenshots(me, 'profile');

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
    // Opening a tab by its URL.
    await me.visit('/profile?tab=auctions');
    const table = page.getByRole('region', { name: 'مزاداتي' });
    await table.getByRole('row', { name: /آلة قهوة إيطالية/ }).waitFor();
    const soldRow = table.getByRole('row', { name: /آلة قهوة إيطالية/ });
    assert.ok((await soldRow.innerText()).includes(`#${sold._id.slice(-6)}`), 'short id of 6 characters');
    assert.ok((await soldRow.innerText()).includes('مباع'), 'status badge');
    const openRow = table.getByRole('row', { name: /مصباح مكتب نحاسي/ });
    await openRow.getByRole('link', { name: 'تعديل مصباح مكتب نحاسي' }).waitFor();
    await screenshots(me, 'profile-auctions');
    await soldRow.getByRole('button', { name: 'تأكيد الصفقة' }).click();
    await expectToast(page, 'تم تأكيد الصفقة بنجاح');
    await soldRow.getByRole('button', { name: 'تأكيد الصفقة' }).waitFor({ state: 'detached' });
    assert.equal((await ctx.data.getAuction(sold._id)).isDealConfirmed, true);

    // ----- The winner's won tab -----
    const winner = await ctx.open({ member: buyer, label: 'buyer' });
    await allowMissingSettings(ctx, winner);
    await winner.visit('/profile?tab=won');
    await winner.page
      .getByRole('region', { name: 'المزادات الفائزة النشطة' })
      .getByRole('row', { name: /آلة قهوة إيطالية/ })
      .waitFor();
    await screenshots(winner, 'profile-won');
    await winner.visit('/profile?tab=bids');
    await winner.page.getByRole('tab', { name: 'مزايداتي', selected: true }).waitFor();
    await assertAccessible(winner.page, 'profile bids');

    // ----- Public profile: a visitor -----
    const visitor = await ctx.open({ label: 'visitor' });
    await allowMissingSettings(ctx, visitor);
    await visitor.visit(`/profile/${seller.id}`);
    await visitor.page.getByRole('heading', { level: 1, name: 'رامي الحسن الجديد' }).waitFor();
    await visitor.page.getByRole('heading', { name: 'المزادات الحالية' }).waitFor();
    await visitor.page.getByRole('link', { name: 'مصباح مكتب نحاسي' }).waitFor();
    const text = await visitor.page.locator('main').innerText();
    assert.ok(text.includes('الزرقاء'), 'location shown');
    assert.ok(!text.includes(seller.email), 'never the email');
    assert.ok(!text.includes('555 1234'), 'never the phone');
    assert.ok(!text.includes('آلة قهوة إيطالية'), 'only current auctions');
    await screenshots(visitor, 'public-profile');
  },
};
