/**
 * (n) Right pages and sharing previews. More than a home page (50) of sold auctions that ended
 * long ago and of confirmed deals sit newest in the database: the server leaves them out of the
 * lists, so the home page is never an empty page beside a working "التالي", none of them shows,
 * and /auctions pages on past 20. The HTML of an auction's page carries its sharing preview
 * (Open Graph and Twitter card tags: title, price in JOD, first image, ar_JO), for crawlers that
 * run no script, with a hostile title escaped.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import sharp from 'sharp';
import { ARTIFACTS_DIR } from '../support/paths.mjs';

const HIDDEN_SOLD = 60;
const HIDDEN_CONFIRMED = 5;
/** With the watch, more than a home page (50): the home page has a second page. */
const OPEN_EXTRA = 55;

/** The `content` of each `<meta property|name>` of a page's head. */
function metaTags(html) {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags = {};
  for (const m of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) tags[m[1]] = m[2];
  return tags;
}

/** Inserts `count` copies of `auction` (same seller and image) with `status`, ended or ending as given. */
function copies(ctx, auction, { count, title, status, endOffset, confirmed = false }) {
  return ctx.data.query(
    `INSERT INTO auctions (seller_id, title, description, category, status, images, starting_price_fils,
                           current_price_fils, auction_duration, start_time, end_time, is_deal_confirmed)
     SELECT seller_id, $2 || ' ' || n, description, category, $3, images, starting_price_fils,
            current_price_fils, auction_duration, now() - interval '2 hours', now() + $4::interval, $5
       FROM auctions, generate_series(1, $6) AS n WHERE id = $1`,
    [auction._id, title, status, endOffset, confirmed, count],
  );
}

export default {
  name: '(n) pages without holes, /auctions paged, sharing previews of an auction page',
  timeoutMs: 120_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'منى البائعة' });
    const watch = await ctx.data.createAuction(seller, {
      title: 'ساعة "><script>window.__x=1</script> للمعاينة',
      startingPrice: 1234.5,
    });
    // Newer than the watch: without the server's filter they would fill the first pages.
    await copies(ctx, watch, { count: OPEN_EXTRA, title: 'مزاد مفتوح', status: 'نشط', endOffset: '1 hour' });
    await copies(ctx, watch, { count: HIDDEN_SOLD, title: 'مباع قديم', status: 'مباع', endOffset: '-20 minutes' });
    await copies(ctx, watch, {
      count: HIDDEN_CONFIRMED,
      title: 'صفقة مؤكدة',
      status: 'مباع',
      endOffset: '-2 minutes',
      confirmed: true,
    });

    // ---- Home: every page has cards while "التالي" is offered; no hidden auction shows ----
    const visitor = await ctx.open({ label: 'visitor' });
    const { page } = visitor;
    await visitor.visit('/');
    const cards = page.locator('.auction-grid article');
    const next = page.getByRole('button', { name: /التالي/ });
    let pages = 0;
    for (;;) {
      pages += 1;
      await page.locator('.auction-grid, .empty-state').first().waitFor();
      assert.equal(await page.getByText('لا توجد مزادات متاحة').count(), 0, `home page ${pages} is not empty`);
      assert.ok((await cards.count()) > 0, `home page ${pages} has cards`);
      for (const hidden of ['مباع قديم', 'صفقة مؤكدة'])
        assert.equal(await cards.filter({ hasText: hidden }).count(), 0, `no "${hidden}" on home page ${pages}`);
      // The pagination comes with the whole page, after the first screen's cards.
      await page.locator('.pagination').first().waitFor();
      if ((await next.count()) === 0) break;
      // The next page is on screen once the URL names it, the list is no longer busy and its
      // first title changed (a card's whole text changes every second with its countdown).
      const first = await page.locator('.auction-card__title').first().textContent();
      await next.click();
      await page.waitForURL(new RegExp(`[?&]page=${pages + 1}(&|$)`));
      await page.waitForFunction(
        (before) =>
          !document.querySelector('.listing[aria-busy]') &&
          document.querySelector('.auction-card__title')?.textContent !== before,
        first,
      );
    }
    console.log(`home: ${pages} page(s), none empty, none with a hidden auction`);

    assert.ok(pages >= 2, 'the home page had a second page to check');

    // ---- /auctions: 20 a page, with a next page ----
    await visitor.visit('/auctions');
    await next.waitFor(); // the pagination comes with the whole page, after the first screen's cards
    assert.equal(await cards.count(), 20, 'the first /auctions page holds 20');
    await next.click();
    await page.waitForURL(/[?&]page=2/);
    await page.waitForFunction(() => !document.querySelector('.listing[aria-busy]'));
    await cards.first().waitFor();
    assert.ok((await cards.count()) > 0, 'the second /auctions page has cards');
    assert.equal(await cards.filter({ hasText: 'مباع قديم' }).count(), 0);

    // ---- Sharing preview: what a crawler reads (no script runs) ----
    const res = await fetch(`${ctx.baseUrl}/auction/${watch._id}`, { headers: { accept: 'text/html' } });
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.ok(!html.includes('<script>window.__x=1</script>'), 'the hostile title is inert');
    const tags = metaTags(html);
    assert.match(tags['og:title'], /^ساعة &quot;&gt;&lt;script&gt;window.__x=1&lt;\/script&gt; للمعاينة/);
    assert.match(tags['og:description'], /1,234\.500 د\.أ/);
    // The picture: the auction's 1200 × 630 JPEG card (its cover is the first image), absolute.
    assert.match(tags['og:image'], new RegExp(`^https?://[^/]+/share/auction/${watch._id}\\.jpg\\?v=[0-9a-f]{16}$`));
    assert.deepEqual(
      [tags['og:image:type'], tags['og:image:width'], tags['og:image:height']],
      ['image/jpeg', '1200', '630'],
    );
    const card = await fetch(`${ctx.baseUrl}${new URL(tags['og:image']).pathname}${new URL(tags['og:image']).search}`);
    assert.equal(card.status, 200);
    assert.equal(card.headers.get('content-type'), 'image/jpeg');
    const jpeg = Buffer.from(await card.arrayBuffer());
    const { format, width, height } = await sharp(jpeg).metadata();
    assert.deepEqual({ format, width, height }, { format: 'jpeg', width: 1200, height: 630 });
    await sharp(jpeg).png().toFile(join(ARTIFACTS_DIR, 'share-card.png'));
    assert.equal(tags['og:locale'], 'ar_JO');
    assert.equal(tags['twitter:card'], 'summary_large_image');
    console.log(`preview: ${tags['og:title']} | ${tags['og:description'].slice(0, 40)}… | ${tags['og:image']}`);

    // The same page in the browser keeps its tags, and the title never ran as a script.
    await visitor.visit(`/auction/${watch._id}`);
    assert.match(
      (await page.locator('meta[property="og:title"]').getAttribute('content')) ?? '',
      /<script>window.__x=1<\/script>/,
    );
    assert.equal(await page.evaluate(() => window.__x), undefined);
  },
};
