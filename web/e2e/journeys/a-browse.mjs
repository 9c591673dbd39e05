/**
 * (a) A visitor browses: home → a category chip → the auction's page (by its link to
 * /auction/{id}). Names and roles come from what a member reads and the ARIA roles, not from CSS classes.
 * Phone first: at 360 px the lists are a compact list (6 or more auctions a screen, the home
 * page's first screen shows auctions), the welcome card is there on the first visit only, the
 * order and the price range go to the API and live in the URL (a reload keeps them), and the
 * floating create button never lies over a price or a buy-now button (1440, 1280 and 360 px);
 * then searches (R-SEARCH): words in another order find a listing, and a search that finds
 * nothing offers the shorter search that does.
 */
import assert from 'node:assert/strict';
import { DESKTOP, PHONE } from '../support/browser.mjs';
import { checkScreens } from '../support/screens.mjs';

/** Cards wholly inside the part of the viewport the sticky header leaves. */
const cardsInView = (page) =>
  page.evaluate(() => {
    const top = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    return [...document.querySelectorAll('main article')].filter((card) => {
      const box = card.getBoundingClientRect();
      return box.top >= top - 1 && box.bottom <= window.innerHeight + 1 && box.height > 0;
    }).length;
  });

/** The list's first card put just under the sticky header: a screen of the list (all its cards rendered). */
const scrollListToTop = async (page) => {
  await page.waitForFunction(() => document.querySelectorAll('main article').length >= 9);
  await page.evaluate(() => {
    const top = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    const first = document.querySelector('main article');
    window.scrollBy(0, first.getBoundingClientRect().top - top);
  });
};

/** The floating button's box against every price and buy-now button in view: none may overlap. */
const fabOverlaps = (page) =>
  page.evaluate(() => {
    const fab = document.querySelector('.fab');
    if (!fab || fab.getBoundingClientRect().width === 0) return { visible: false, overlaps: [] };
    const f = fab.getBoundingClientRect();
    const targets = [...document.querySelectorAll('main .price, main button, main a.btn')].filter(
      (el) => el.matches('.price') || /شراء فوري|زايد/.test(el.textContent ?? ''),
    );
    const overlaps = targets
      .map((el) => ({ el, b: el.getBoundingClientRect() }))
      .filter(({ b }) => b.width > 0 && b.bottom > 0 && b.top < window.innerHeight)
      .filter(({ b }) => b.left < f.right && b.right > f.left && b.top < f.bottom && b.bottom > f.top)
      .map(({ el }) => el.textContent.trim());
    return { visible: true, overlaps };
  });

/** Polls a condition of the journey's own state (requests seen). */
async function waitUntil(condition, what, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export default {
  name: '(a) a visitor browses home → category chip → auction page; phone-first lists, order and price range, welcome once, the floating button over nothing; search by words',
  timeoutMs: 150_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'بائع السيارات', location: 'الزرقاء' });
    const car = await ctx.data.createAuction(seller, {
      title: 'سيارة عائلية موديل 2015',
      category: 'سيارات',
      startingPrice: 5000,
      buyNowPrice: 9000,
    });
    const sofa = await ctx.data.createAuction(seller, {
      title: 'كنبة زاوية مريحة',
      category: 'أثاث',
      startingPrice: 150,
      buyNowPrice: 400,
    });
    // Enough for a phone's screen of the list, with prices to order and filter by.
    for (const [i, price] of [12, 35, 60, 85, 240, 410, 720].entries()) {
      await ctx.data.createAuction(seller, {
        title: `غرض مستعمل رقم ${i + 1}`,
        startingPrice: price,
        buyNowPrice: price * 3,
      });
    }
    const landlord = await ctx.data.createMember({ name: 'مؤجر الشقق' });
    const flat = await ctx.data.createAuction(landlord, {
      title: 'شقة للإيجار السنوي في عبدون',
      description: 'ثلاث غرف نوم، الطابق ٣، بحالة ممتازة',
      category: 'عقارات',
      startingPrice: 4000,
    });

    const visitor = await ctx.open();
    const { page } = visitor;
    await visitor.visit('/');
    const carLink = () => page.locator(`main a[href="/auction/${car._id}"]`).first();
    const sofaLink = () => page.locator(`main a[href="/auction/${sofa._id}"]`).first();
    await carLink().waitFor();
    await sofaLink().waitFor();
    // The first visit: the welcome card.
    await page.getByTestId('site-welcome').waitFor();
    await visitor.screenshot('home');

    // ---- The second visit: no welcome card; a phone's first screen shows auctions ----
    await page.setViewportSize(PHONE);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await carLink().waitFor();
    assert.equal(await page.getByTestId('site-welcome').count(), 0, 'the welcome card is gone on the second visit');
    const onFirstScreen = await cardsInView(page);
    console.log(`360 px home: ${onFirstScreen} auctions fully on the first screen`);
    assert.ok(onFirstScreen >= 3, `auctions on the home page's first screen at 360 px (${onFirstScreen})`);
    const cardHeight = await page
      .locator('main article')
      .first()
      .evaluate((card) => card.getBoundingClientRect().height);
    assert.ok(cardHeight >= 80 && cardHeight <= 110, `a compact card on a phone (${cardHeight} px)`);
    await scrollListToTop(page);
    const perScreen = await cardsInView(page);
    assert.ok(perScreen >= 6, `6 or more auctions a screen at 360 px on / (${perScreen})`);
    assert.deepEqual(await fabOverlaps(page), { visible: false, overlaps: [] }, 'no floating button on a phone');
    await page.evaluate(() => window.scrollTo(0, 0));
    await visitor.screenshot('home-phone-second-visit');

    // ---- /auctions on a phone: order and price range in the URL and the request ----
    await visitor.visit('/auctions');
    await page.locator('main article').first().waitFor();
    await scrollListToTop(page);
    const allPerScreen = await cardsInView(page);
    assert.ok(allPerScreen >= 6, `6 or more auctions a screen at 360 px on /auctions (${allPerScreen})`);
    await page.evaluate(() => window.scrollTo(0, 0));

    // The order and the range are the server's work (GET /api/auctions, docs/auctions.md, R-LIST-ORDER):
    // the page's requests are watched to see that it asks for them.
    const asked = [];
    await page.route('**/api/auctions?*', (route) => {
      asked.push(Object.fromEntries(new URL(route.request().url()).searchParams));
      return route.continue();
    });
    // Whether a request since `from` asked for it: not only the last one, since a read of the list as
    // it was (the socket's first connection re-reads what the page shows) may come after it.
    const askedSince = (from, wanted) => asked.slice(from).some(wanted);

    const beforeSort = asked.length;
    await page.getByLabel('الترتيب').selectOption('price_asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    await waitUntil(() => askedSince(beforeSort, (q) => q.sort === 'price_asc'), 'the list asked in price order');
    await page.getByText('نطاق السعر').click();
    await page.getByLabel('من (د.أ)').fill('30');
    await page.getByLabel('إلى (د.أ)').fill('٥٠٠');
    const isRanged = (q) => q.sort === 'price_asc' && q.minPrice === '30' && q.maxPrice === '500';
    const ranged = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/auctions' && isRanged(Object.fromEntries(url.searchParams));
    });
    const beforeRange = asked.length;
    await page.getByRole('button', { name: 'تطبيق' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('minPrice') === '30' && url.searchParams.get('maxPrice') === '500',
    );
    const answer = await (await ranged).json();
    assert.ok(askedSince(beforeRange, isRanged), 'the page asks for the order and the range');
    // The list shows the server's answer for that order and range, in its order.
    const shownTitles = async () =>
      (await page.locator('main article h3').allInnerTexts()).map((title) => title.trim());
    await page.waitForFunction(
      (count) => document.querySelectorAll('main article').length === count,
      answer.auctions.length,
    );
    assert.deepEqual(
      await shownTitles(),
      answer.auctions.map((a) => a.title),
    );
    const prices = answer.auctions.map((a) => a.currentPrice);
    assert.ok(prices.length > 0 && prices.every((p) => p >= 30 && p <= 500), `prices within 30–500: ${prices}`);
    assert.deepEqual(
      prices,
      [...prices].sort((a, b) => a - b),
      'cheapest first',
    );
    await checkScreens(visitor, 'auctions-sorted-priced');

    // A reload keeps them: the same request, the same controls.
    const beforeReload = asked.length;
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitUntil(() => askedSince(beforeReload, isRanged), 'the reloaded page asked for the same order and range');
    await page.locator('main article').first().waitFor();
    assert.equal(await page.getByLabel('الترتيب').inputValue(), 'price_asc');
    assert.equal(await page.getByLabel('من (د.أ)').inputValue(), '30');
    assert.equal(await page.getByLabel('إلى (د.أ)').inputValue(), '500');
    await page.unroute('**/api/auctions?*');

    // ---- The floating create button: beside the content where it shows, never over it ----
    for (const viewport of [{ width: 1440, height: 900 }, DESKTOP]) {
      await page.setViewportSize(viewport);
      await visitor.visit('/');
      await carLink().waitFor();
      for (let y = 0; y < 4; y += 1) {
        const { visible, overlaps } = await fabOverlaps(page);
        assert.equal(visible, viewport.width >= 1440, `the floating button at ${viewport.width} px`);
        assert.deepEqual(overlaps, [], `the floating button covers nothing at ${viewport.width} px (scrolled ${y})`);
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(100);
      }
    }

    // ---- A category chip, then the auction page ----
    await page.evaluate(() => window.scrollTo(0, 0));
    // The category chips: a button or a link named after the category.
    const chip = page
      .getByRole('button', { name: 'سيارات', exact: true })
      .or(page.getByRole('link', { name: 'سيارات', exact: true }))
      .or(page.getByRole('radio', { name: 'سيارات', exact: true }))
      .or(page.getByRole('tab', { name: 'سيارات', exact: true }))
      .first();
    await chip.click();
    await page.waitForURL((url) => url.searchParams.get('category') === 'سيارات');
    await carLink().waitFor();
    await sofaLink().waitFor({ state: 'detached' });
    await visitor.checkDocument();
    await visitor.screenshot('home-category');

    await carLink().click();
    await page.waitForURL(`**/auction/${car._id}`);
    await page.getByRole('heading', { level: 1, name: 'سيارة عائلية موديل 2015' }).waitFor();
    await page.getByText('5,000.000 د.أ').first().waitFor();
    await page.getByText('الزرقاء').first().waitFor();
    await visitor.checkDocument();
    await visitor.screenshot('auction-detail');
    assert.equal(await page.getByRole('link', { name: /العودة إلى الصفحة الرئيسية/ }).getAttribute('href'), '/');

    // Search by words: another order, the article, Arabic-Indic digits.
    const flatLink = () => page.locator(`main a[href="/auction/${flat._id}"]`).first();
    const search = async (text) => {
      const box = page.getByRole('searchbox').or(page.locator('#site-search')).first();
      await box.fill(text);
      await box.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('search') === text);
    };
    await search('عبدون الشقة ٣');
    await flatLink().waitFor();
    await carLink().waitFor({ state: 'detached' });
    await visitor.screenshot('search-any-order');

    // Nothing has all three words: the empty result offers the shorter search that finds it.
    await search('شقة عبدون مفروشة');
    const tries = page.getByRole('list', { name: 'جرّب بحثاً آخر' });
    const shorter = tries.getByRole('link', { name: '«شقة عبدون»' });
    await shorter.waitFor();
    await checkScreens(visitor, 'search-empty-hints');
    await shorter.click();
    await page.waitForURL((url) => url.searchParams.get('search') === 'شقة عبدون');
    await flatLink().waitFor();
  },
};
