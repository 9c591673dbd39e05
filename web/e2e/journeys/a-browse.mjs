/**
 * (a) A visitor browses: home → a category chip → the auction's page (by its link to
 * /auction/{id}); then searches (R-SEARCH): words in another order find a listing, and a search
 * that finds nothing offers the shorter search that does. Names and roles come from what a
 * member reads and the ARIA roles, not from CSS classes.
 */
import assert from 'node:assert/strict';
import { checkScreens } from '../support/screens.mjs';

export default {
  name: '(a) a visitor browses home → category chip → auction page, and searches by words',
  timeoutMs: 60_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'بائع السيارات', location: 'الزرقاء' });
    const car = await ctx.data.createAuction(seller, {
      title: 'سيارة عائلية موديل 2015',
      category: 'سيارات',
      startingPrice: 5000,
    });
    const sofa = await ctx.data.createAuction(seller, {
      title: 'كنبة زاوية مريحة',
      category: 'أثاث',
      startingPrice: 150,
    });
    const flat = await ctx.data.createAuction(seller, {
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
    await visitor.screenshot('home');

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
