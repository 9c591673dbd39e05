/**
 * (a) A visitor browses: home → a category chip → the auction's page (by its link to
 * /auction/{id}). Names and roles come from what a member reads and the ARIA roles, not from CSS classes.
 */
import assert from 'node:assert/strict';

export default {
  name: '(a) a visitor browses home → category chip → auction page',
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
  },
};
