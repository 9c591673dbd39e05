/**
 * (j) Content and static pages: /about (with the deployment's numbers), /contact (the form
 * reaches POST /api/contact, a second empty submit shows every field's message),
 * /privacy-policy and /terms-of-service (ten sections, January 2025, Jordanian law, courts of
 * Amman), /announcement-details (its no-content state). Every page is <html lang="ar"
 * dir="rtl">, logs no console error, has no serious or critical axe-core violation, and is
 * photographed light/dark at 360 px and desktop widths.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DESKTOP, expectToast, horizontalOverflow, PHONE } from '../support/browser.mjs';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const CONTACT_MESSAGES = ['الاسم مطلوب', 'البريد الإلكتروني مطلوب', 'الموضوع مطلوب', 'الرسالة مطلوبة'];

/** axe-core in the page (injected through the DevTools protocol: the CSP forbids inline scripts). */
async function assertAccessible(page, label) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} — ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(' | ')}`,
      );
  });
  assert.deepEqual(violations, [], `axe on ${label}:\n${violations.join('\n')}`);
}

async function setTheme(page, dark) {
  await page.evaluate((value) => {
    localStorage.setItem('darkMode', String(value));
    document.documentElement.dataset.theme = value ? 'dark' : 'light';
  }, dark);
}

/** Light and dark, desktop and 360 px: axe, no sideways overflow, a screenshot each. */
async function photograph(handle, name) {
  const { page } = handle;
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    await page.setViewportSize(viewport);
    for (const dark of [false, true]) {
      await setTheme(page, dark);
      await page.waitForTimeout(150);
      await assertAccessible(page, `${name} ${size} ${dark ? 'dark' : 'light'}`);
      assert.ok((await horizontalOverflow(page)) <= 1, `${name} ${size}: nothing sticks out sideways`);
      await handle.screenshot(`content-${name}-${size}-${dark ? 'dark' : 'light'}`);
    }
  }
  await setTheme(page, false);
  await page.setViewportSize(DESKTOP);
}

async function heading(page, name) {
  await page.locator('main').getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
}

export default {
  name: '(j) content pages: about, contact form (sends; empty submit shows the messages), legal pages, announcement; RTL, no console error, axe',
  timeoutMs: 240_000,
  async run(ctx) {
    const settingsRes = await fetch(`${ctx.baseUrl}/api/settings`);
    const settings = settingsRes.ok ? await settingsRes.json() : null;

    const visitor = await ctx.open({ label: 'visitor' });
    const { page } = visitor;
    // GET /api/settings arrives with other work: until it does, its 404 is the one tolerated error.
    if (!settings) visitor.allow(/status of 404/);

    // ----- About: the deployment's durations and timings -----
    await visitor.visit('/about');
    await heading(page, 'من نحن');
    const about = await page.locator('main').innerText();
    assert.match(about, /الأسئلة الشائعة/);
    if (settings) {
      // The e2e server offers a 2-minute duration besides the defaults: the page says so.
      assert.ok(settings.auctionDurations.includes('2m'), `durations ${settings.auctionDurations}`);
      assert.match(about, /دقيقتين/, 'the 2m duration is listed');
    }
    if (settings) assert.match(about, /90 ثانية/, 'the bid extension');
    await photograph(visitor, 'about');

    // ----- Contact: sends, then an empty submit shows every message -----
    await visitor.visit('/contact');
    await heading(page, 'اتصل بنا');
    await photograph(visitor, 'contact');
    const form = page.getByRole('form', { name: 'نموذج التواصل' });
    await form.getByLabel('الاسم').fill('سلمى العلي');
    await form.getByLabel('البريد الإلكتروني').fill('salma@example.com');
    await form.getByLabel('الموضوع').selectOption('suggestion');
    await form.getByLabel('الرسالة').fill('أقترح إضافة تنبيه عند اقتراب نهاية المزادات التي أتابعها.');
    const [response] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/contact') && res.request().method() === 'POST'),
      form.getByRole('button', { name: 'إرسال الرسالة' }).click(),
    ]);
    assert.equal(response.status(), 201, `POST /api/contact: ${await response.text()}`);
    const body = await response.json();
    assert.equal(body.success, true);
    assert.deepEqual(JSON.parse(response.request().postData()), {
      name: 'سلمى العلي',
      email: 'salma@example.com',
      subject: 'suggestion',
      message: 'أقترح إضافة تنبيه عند اقتراب نهاية المزادات التي أتابعها.',
    });
    await expectToast(page, body.message);
    assert.equal(await form.getByLabel('الاسم').inputValue(), '', 'the form is cleared after sending');

    let posted = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/contact') && req.method() === 'POST') posted += 1;
    });
    await form.getByRole('button', { name: 'إرسال الرسالة' }).click();
    for (const text of CONTACT_MESSAGES) await form.getByText(text, { exact: true }).waitFor();
    assert.equal(await form.getByLabel('البريد الإلكتروني').getAttribute('aria-invalid'), 'true');
    assert.equal(posted, 0, 'an empty form is not sent');
    await assertAccessible(page, 'contact with messages');
    await visitor.screenshot('content-contact-messages-desktop-light');

    // ----- Legal pages -----
    for (const [path, title, name] of [
      ['/privacy-policy', 'سياسة الخصوصية', 'privacy-policy'],
      ['/terms-of-service', 'شروط الخدمة', 'terms-of-service'],
    ]) {
      await visitor.visit(path);
      await heading(page, title);
      const main = page.locator('main');
      assert.equal(await main.locator('.legal-section').count(), 10, `${path}: ten sections`);
      assert.match(await main.innerText(), /آخر تحديث: يناير 2025/);
      if (settings?.contact.email) await main.getByText(settings.contact.email).first().waitFor();
      await photograph(visitor, name);
    }
    const terms = await page.locator('main').innerText();
    assert.match(terms, /المملكة الأردنية الهاشمية/);
    assert.match(terms, /محاكم عمّان/);
    assert.match(terms, /منصة وسيطة فقط/);

    // ----- Announcement: nothing saved yet → the no-content state with a way home -----
    await visitor.visit('/announcement-details');
    await heading(page, 'لا يوجد محتوى للإعلان حالياً');
    await photograph(visitor, 'announcement-details');
    await page.locator('main').getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await visitor.checkDocument();

    // ----- Part-1 gaps and the phone layout -----
    const seller = await ctx.data.createMember({ name: 'بائعة الصفحات' });
    await ctx.data.createAuction(seller, { title: 'مصباح نحاسي قديم', startingPrice: 12 });
    await ctx.data.createAuction(seller, { title: 'سجادة يدوية', startingPrice: 40 });

    // On a 360 × 740 phone the goods come first: the first card starts within the first screen,
    // before the statistics and the call to sell.
    await page.setViewportSize(PHONE);
    await visitor.visit('/');
    const firstCard = page.locator('.auction-grid article').first();
    await firstCard.waitFor();
    const cardTop = await firstCard.evaluate((el) => el.getBoundingClientRect().top);
    assert.ok(cardTop < PHONE.height, `the first card starts at ${cardTop}px, within the ${PHONE.height}px screen`);
    const order = await page.evaluate(() => {
      const at = (selector) => {
        const el = document.querySelector(selector);
        return el ? [...document.querySelectorAll('main *')].indexOf(el) : -1;
      };
      return { grid: at('.auction-grid'), stats: at('.stats'), sell: at('.hero') };
    });
    assert.ok(order.grid >= 0 && order.grid < order.stats && order.grid < order.sell, `order ${JSON.stringify(order)}`);
    await assertAccessible(page, 'home phone');
    await visitor.screenshot('content-home-phone-light');
    await page.setViewportSize(DESKTOP);

    // /auctions: the grid/list toggle renders both views.
    await visitor.visit('/auctions');
    await page.getByRole('article', { name: 'سجادة يدوية' }).waitFor();
    const toggle = page.getByRole('group', { name: 'طريقة العرض' });
    await toggle.getByRole('button', { name: 'قائمة' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'list');
    const listView = page.locator('ul.auction-grid--list');
    await listView.waitFor();
    // Other journeys share the database: this one's two auctions are among the list's rows.
    for (const title of ['مصباح نحاسي قديم', 'سجادة يدوية']) {
      assert.equal(await listView.getByRole('article', { name: title }).count(), 1, `${title} in the list view`);
    }
    await assertAccessible(page, 'auctions list view');
    await visitor.screenshot('content-auctions-list-desktop-light');
    await page.setViewportSize(PHONE);
    await visitor.screenshot('content-auctions-list-phone-light');
    await page.setViewportSize(DESKTOP);
    await toggle.getByRole('button', { name: 'شبكة' }).click();
    await page.waitForURL((url) => !url.searchParams.has('view'));
    await page.locator('ul.auction-grid--four').waitFor();

    // A member who is not an admin, on /banner-management: the "not permitted" toast, then home.
    const member = await ctx.open({ member: seller, label: 'member' });
    if (!settings) member.allow(/status of 404/);
    await member.visit('/');
    await member.page.locator('.auction-grid article').first().waitFor();
    await member.page.evaluate(() => {
      // Client-side navigation (journey l checks a full load of /banner-management).
      window.history.pushState({}, '', '/banner-management');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expectToast(member.page, 'ليس لديك صلاحية للوصول إلى هذه الصفحة');
    await member.page.waitForURL((url) => url.pathname === '/');

    visitor.assertNoErrors();
    member.assertNoErrors();
  },
};
