/**
 * (s) The auction page as a new member uses it, at 360 px and 1280 px, each page acted on one
 * second after it loads (the socket may not be there yet: what happens meanwhile must still show).
 * - Safe bids (R-BID-REVIEW): on a car at 1,200 JOD with buy-now at 2,000, a typed 1,500 is read
 *   back in figures and words and can be edited; a typed 12,000 is not sent as a bid: «شراء فوري»
 *   is offered instead, and the price does not move.
 * - The maximum: its field starts empty, its action says what it commits to as it is typed.
 * - Where you stand, live: leading after the maximum, then outbid by another member's maximum
 *   (set through the API), with the next amount, without a reload.
 * - Every duration's rendered order (1h, 24h, 72h, 7d, 30d): the boxes of the isolated parts,
 *   read right to left, at both widths; the end as a full date.
 * - The phone's sticky bar (the price, the time left, «زايد» focusing the bid box) that never
 *   covers the page's end; hidden on a desktop.
 * - The seller's manage actions instead of a bid form.
 * - After a buy-now: the winner's "what happens now" card, no bid boxes, confirm receipt asked once
 *   more; the seller's card.
 * - An auction an operator removed: "no longer available", why, and open auctions of its category.
 * axe, overflow and light/dark × desktop/phone screenshots on the member's, the seller's, the
 * winner's and the gone page.
 */
import assert from 'node:assert/strict';
import { DESKTOP, PHONE } from '../support/browser.mjs';
import { checkScreens } from '../support/screens.mjs';

/** "Live from the first second": a page is acted on this long after it loaded. */
const ACT_AFTER_MS = 1_000;

async function openAuction(handle, id, title) {
  await handle.visit(`/auction/${id}`);
  await handle.page.getByRole('heading', { level: 1, name: title }).waitFor();
  await handle.page.waitForTimeout(ACT_AFTER_MS);
}

/**
 * The visual order of the time left's parts (TimeLeft): for days-and-hours, each part right of
 * the next (right to left) and, inside a part, its number right of its word; for a clock, its
 * first digit left of its last (one left-to-right run). Answers what it measured, for messages.
 */
function measureTimeLeft(page) {
  return page.getByTestId('time-left').evaluate((root) => {
    const box = (el) => el.getBoundingClientRect();
    const clock = root.querySelector('[data-part="clock"]');
    if (clock) {
      const text = clock.firstChild;
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, 1);
      const first = range.getBoundingClientRect();
      range.setStart(text, text.length - 1);
      range.setEnd(text, text.length);
      const last = range.getBoundingClientRect();
      return { kind: 'clock', text: root.innerText.trim(), ordered: first.left < last.left };
    }
    const parts = [...root.querySelectorAll('[data-part^="unit-"]')];
    const partsRightToLeft = parts.every((p, i) => i === 0 || box(parts[i - 1]).left >= box(p).right - 1);
    const numbersRightOfWords = parts.every((p) => {
      const count = p.querySelector('.time-left__count');
      return !count || box(count).left >= box(p.querySelector('.time-left__word')).right - 1;
    });
    return {
      kind: 'units',
      text: root.innerText.trim(),
      parts: parts.length,
      ordered: partsRightToLeft && numbersRightOfWords,
    };
  });
}

export default {
  name: '(s) the auction page: safe bids, where you stand live, time as Arabic reads it, the phone bar, the owner, after the sale, gone',
  timeoutMs: 180_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'مالك السيارة' });
    const member = await ctx.data.createMember({ name: 'هند المزايدة' });
    const rival = await ctx.data.createMember({ name: 'فادي المنافس' });
    const buyer = await ctx.data.createMember({ name: 'سلمى المشترية' });
    const car = await ctx.data.createAuction(seller, {
      title: 'سيارة عائلية 2015',
      category: 'سيارات',
      auctionDuration: '7d',
      startingPrice: 1200,
      buyNowPrice: 2000,
    });

    // ---- Safe bids, at 360 px ----
    const me = await ctx.open({ member, viewport: PHONE, label: 'member' });
    const { page } = me;
    await openAuction(me, car._id, car.title);
    const amount = page.getByLabel('مبلغ المزايدة (د.أ)');
    await amount.fill('1500');
    await page.getByRole('button', { name: 'تأكيد المزايدة' }).click();
    const review = page.getByTestId('bid-review');
    await review.waitFor();
    assert.match(await page.getByTestId('bid-review-figures').innerText(), /1,500\.000 د\.أ/);
    assert.equal((await page.getByTestId('bid-review-words').innerText()).trim(), 'ألف وخمسمئة دينار');
    await review.getByRole('button', { name: 'تعديل المبلغ' }).click();
    await review.waitFor({ state: 'detached' });
    assert.equal(await amount.evaluate((el) => el === document.activeElement), true, 'edit returns to the amount');

    // The typo of the first hour: 12000 for 1210 — not a bid: the purchase is offered instead.
    await amount.fill('12000');
    await page.getByRole('button', { name: 'تأكيد المزايدة' }).click();
    const offer = page.getByTestId('buy-now-offer');
    await offer.getByRole('button', { name: /شراء فوري بسعر 2,000\.000 د\.أ/ }).waitFor();
    const overflow = await page.evaluate(() => {
      const wide = [...document.querySelectorAll('body *')].filter(
        (el) => el.getBoundingClientRect().right > innerWidth + 1,
      );
      return wide.slice(0, 3).map((el) => `${el.tagName}.${el.className}`);
    });
    assert.deepEqual(overflow, [], 'the offer fits a phone');
    await me.screenshot('auction-typo-buy-now-offer-phone');
    await offer.getByRole('button', { name: 'تعديل المبلغ' }).click();
    assert.equal((await ctx.data.getAuction(car._id)).currentPrice, 1200, 'no bid was sent');

    // ---- The maximum: empty, says what it commits to; then where the member stands, live ----
    const maximum = page.getByLabel('الحد الأقصى (د.أ)');
    assert.equal(await maximum.inputValue(), '', 'the maximum starts empty');
    assert.equal(await page.getByRole('button', { name: 'زايد تلقائياً', exact: true }).isDisabled(), true);
    await maximum.fill('1300');
    await page.getByRole('button', { name: 'زايد تلقائياً حتى 1,300.000 د.أ' }).click();
    const standing = page.getByTestId('standing');
    await standing.filter({ hasText: 'أنت صاحب أعلى مزايدة' }).waitFor();
    await page.getByTestId('own-max-bid').filter({ hasText: '1,300.000 د.أ' }).waitFor();
    await page.getByTestId('current-price').filter({ hasText: '1,210.000 د.أ' }).waitFor();
    assert.equal(await maximum.inputValue(), '', 'the field empties once the maximum is set');

    // Another member's higher maximum takes the lead: seen live, in red, with the next amount.
    await ctx.data.setMaxBid(rival, car._id, 1500);
    await standing.filter({ hasText: 'تم تجاوز مزايدتك' }).filter({ hasText: '1,320.000 د.أ' }).waitFor();
    await page.getByTestId('current-price').filter({ hasText: '1,310.000 د.أ' }).waitFor();
    assert.equal(
      await standing.locator('.standing__line--outbid').evaluate((el) => getComputedStyle(el).color),
      await page.evaluate(() => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--danger)';
        document.body.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
      }),
      'outbid is said in red',
    );

    // ---- The sticky bar: on a phone, never over the page's end; «زايد» goes to the bid box ----
    const bar = page.getByTestId('sticky-bid-bar');
    const barBox = await bar.boundingBox();
    assert.ok(barBox && Math.abs(barBox.y + barBox.height - PHONE.height) <= 2, 'the bar sits at the screen bottom');
    assert.match(await bar.getByTestId('sticky-price').innerText(), /1,310\.000 د\.أ/);
    await bar.getByRole('button', { name: 'زايد' }).click();
    assert.equal(await amount.evaluate((el) => el === document.activeElement), true, '«زايد» focuses the amount');
    await bar.getByRole('button', { name: 'شراء فوري' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const covered = await page.evaluate(() => {
      const bar = document.querySelector('[data-testid="sticky-bid-bar"]').getBoundingClientRect();
      const last = document.querySelector('.auction-detail__footer').getBoundingClientRect();
      return last.bottom > bar.top + 1;
    });
    assert.equal(covered, false, 'at the end of the page the bar covers nothing');
    await checkScreens(me, 'auction-member', {
      check: async (size) => {
        const display = await bar.evaluate((el) => getComputedStyle(el).display);
        assert.equal(display === 'none', size === 'desktop', `the bar is shown on a phone only (${size})`);
      },
    });

    // ---- Every duration's rendered order, at both widths; the end as a date ----
    const durations = [
      ['1h', /^00:5\d:\d\d$/],
      ['24h', /^23:5\d:\d\d$/],
      ['72h', /^يومان و23 ساعة$/],
      ['7d', /^6 أيام و23 ساعة$/],
      ['30d', /^29 يوماً و23 ساعة$/],
    ];
    const timed = [];
    for (const [auctionDuration] of durations)
      timed.push(await ctx.data.createAuction(seller, { title: `مدة ${auctionDuration}`, auctionDuration }));
    const reader = await ctx.open({ label: 'durations', viewport: PHONE });
    for (const [i, [auctionDuration, text]] of durations.entries()) {
      // Read only (nothing is acted on): no need to wait the second.
      await reader.visit(`/auction/${timed[i]._id}`);
      await reader.page.getByTestId('time-left').waitFor();
      for (const viewport of [PHONE, DESKTOP]) {
        await reader.page.setViewportSize(viewport);
        const measured = await measureTimeLeft(reader.page);
        assert.match(measured.text, text, `${auctionDuration} at ${viewport.width} px reads in order`);
        assert.equal(measured.ordered, true, `${auctionDuration} at ${viewport.width} px: ${JSON.stringify(measured)}`);
      }
      assert.match(
        await reader.page.getByTestId('end-date').innerText(),
        /^ينتهي (الأحد|الاثنين|الثلاثاء|الأربعاء|الخميس|الجمعة|السبت) \d{1,2} [^\d،]+، \d{1,2}:\d\d [صم]$/,
      );
      await reader.page.setViewportSize(PHONE);
    }

    // ---- The seller: manage actions instead of a bid form ----
    const owner = await ctx.open({ member: seller, label: 'seller' });
    await openAuction(owner, car._id, car.title);
    const manage = owner.page.getByRole('region', { name: 'إدارة مزادك' });
    await manage.getByRole('button', { name: /عرض المزايدات/ }).waitFor();
    assert.equal(await owner.page.getByLabel('مبلغ المزايدة (د.أ)').count(), 0, 'no bid form for the seller');
    await checkScreens(owner, 'auction-owner');

    // ---- After a buy-now: what happens now; confirm receipt asked once more ----
    await ctx.data.buyNow(buyer, car._id, 2000);
    const winner = await ctx.open({ member: buyer, viewport: PHONE, label: 'winner' });
    await openAuction(winner, car._id, car.title);
    const card = winner.page.getByRole('region', { name: 'ماذا بعد البيع؟' });
    await card.getByRole('link', { name: /مراسلة مالك السيارة/ }).waitFor();
    assert.equal(await winner.page.getByLabel('مبلغ المزايدة (د.أ)').count(), 0, 'no dead bid box');
    assert.equal(await winner.page.getByTestId('sticky-bid-bar').count(), 0, 'no bar on a sold auction');
    await checkScreens(winner, 'auction-after-sale-winner');
    await card.getByRole('button', { name: 'تأكيد الاستلام' }).click();
    const ask = winner.page.getByRole('alertdialog', { name: 'تأكيد استلام السلعة' });
    await ask.getByText(/لا يمكن التراجع عن التأكيد/).waitFor();
    assert.equal((await ctx.data.getAuction(car._id)).isDealConfirmed, false, 'nothing confirmed on the first tap');
    await ask.getByRole('button', { name: 'نعم، استلمت السلعة' }).click();
    await card.getByTestId('deal-confirmed').waitFor();
    assert.equal((await ctx.data.getAuction(car._id)).isDealConfirmed, true);
    await owner.visit(`/auction/${car._id}`);
    await owner.page.getByRole('region', { name: 'ماذا بعد البيع؟' }).getByText('أكّد الفائز استلام السلعة').waitFor();

    // ---- An auction an operator removed: no longer available, why, and similar open auctions ----
    const removed = await ctx.data.createAuction(seller, { title: 'سيارة أزيلت', category: 'سيارات' });
    const similar = await ctx.data.createAuction(seller, { title: 'سيارة صغيرة اقتصادية', category: 'سيارات' });
    await ctx.data.query(`UPDATE auctions SET status = 'محذوف' WHERE id = $1`, [removed._id]);
    const visitor = await ctx.open({ label: 'gone', viewport: PHONE, allow: [/status of 404/] });
    await visitor.visit(`/auction/${removed._id}`);
    await visitor.page.getByRole('heading', { level: 1, name: 'لم يعد هذا المزاد متاحاً' }).waitFor();
    await visitor.page.getByText('أزال فريق مزاد هذا المزاد فلم يعد معروضاً.').waitFor();
    const link = visitor.page.getByTestId('similar-auctions').getByRole('link', { name: /سيارة صغيرة اقتصادية/ });
    assert.equal(await link.getAttribute('href'), `/auction/${similar._id}`);
    assert.equal(new URL(visitor.page.url()).pathname, `/auction/${removed._id}`, 'no bounce home');
    await checkScreens(visitor, 'auction-gone');
  },
};
