/**
 * (i) After the sale. A seller's 20 s auction gets a bid from another member and ends sold
 * (a second one, won the same way, is left unconfirmed for the archive). Seller and winner
 * open /messages in two browser contexts: messages arrive live on the other side, the
 * winner's unread badge moves, read ticks turn; a third member is refused the conversation.
 * The winner confirms receipt and rates the seller; the rating reaches the seller's public
 * ratings. After the archive delay (ARCHIVE_SOLD_AFTER in run.mjs) both find the auctions in
 * /archive; the winner confirms the other deal there. axe-core on /messages and /archive (no
 * serious or critical violation); screenshots light/dark, 360 px and desktop.
 */
import assert from 'node:assert/strict';
import { expectToast } from '../support/browser.mjs';
import { assertAccessible, checkScreens, eventually } from '../support/screens.mjs';

const SOLD = 'مباع';

async function apiGet(ctx, member, path) {
  const res = await fetch(`${ctx.baseUrl}${path}`, {
    headers: member ? { authorization: `Bearer ${member.token}` } : {},
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body;
}

export default {
  name: '(i) after the sale: live chat, unread badge, confirm receipt, rating, archive',
  timeoutMs: 300_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'خالد البائع' });
    const winner = await ctx.data.createMember({ name: 'ليلى الفائزة' });
    const outsider = await ctx.data.createMember({ name: 'طرف ثالث' });

    const watch = await ctx.data.createAuction(seller, {
      title: 'ساعة يد كلاسيكية',
      auctionDuration: '20s',
      startingPrice: 10,
    });
    const lamp = await ctx.data.createAuction(seller, {
      title: 'مصباح نحاسي قديم',
      auctionDuration: '20s',
      startingPrice: 5,
    });
    await ctx.data.placeBid(winner, watch._id, 15);
    await ctx.data.placeBid(winner, lamp._id, 7.5);

    // The server ends both on time (the bid moved the end to bid time + 90 s).
    for (const auction of [watch, lamp]) {
      await eventually(
        `auction ${auction.title} sold`,
        async () => (await ctx.data.getAuction(auction._id)).status === SOLD,
        { timeout: 150_000, every: 2_000 },
      );
    }

    // ---- Both parties open /messages (two browser contexts) ----
    const sellerPage = await ctx.open({ member: seller, label: 'seller' });
    const winnerPage = await ctx.open({ member: winner, label: 'winner' });
    const sp = sellerPage.page;
    const wp = winnerPage.page;

    await winnerPage.visit('/');
    const winnerBadge = wp.getByTestId('unread-badge');
    await winnerBadge.filter({ hasText: /^0$/ }).waitFor();

    await sellerPage.visit(`/messages?auction=${watch._id}`);
    await sp.getByRole('heading', { level: 1, name: 'الرسائل' }).waitFor();
    assert.equal(await sp.locator('footer.site-footer').count(), 0, 'no footer on /messages');
    await sp.getByRole('heading', { level: 2, name: 'ليلى الفائزة' }).waitFor();
    await sp.getByRole('link', { name: 'عرض المزاد' }).waitFor();
    assert.equal(await sp.getByTestId('conversation-item').count(), 2, 'the seller has both sales in the list');

    // Blank text cannot be sent; the text goes trimmed.
    const sellerBox = sp.getByLabel('نص الرسالة');
    await sellerBox.fill('    ');
    assert.equal(await sp.getByRole('button', { name: 'إرسال', exact: true }).isDisabled(), true);
    await sellerBox.fill('  مرحباً ليلى، متى يناسبك استلام الساعة؟  ');
    await sp.getByRole('button', { name: 'إرسال', exact: true }).click();
    await sp.getByTestId('chat-message').filter({ hasText: 'مرحباً ليلى، متى يناسبك استلام الساعة؟' }).waitFor();
    assert.equal(await sellerBox.inputValue(), '');
    assert.equal(await sp.getByTestId('read-tick').last().getAttribute('data-read'), 'false');

    // The winner, elsewhere on the site: the header badge moves live.
    await winnerBadge.filter({ hasText: /^1$/ }).waitFor();

    // She opens the conversation: it is read, the badge drops, the seller's tick turns.
    await wp.getByTestId('unread-badge').click();
    await wp.waitForURL(/\/messages/);
    const watchItem = wp.getByTestId('conversation-item').filter({ hasText: 'ساعة يد كلاسيكية' });
    await watchItem.getByTestId('conversation-unread').filter({ hasText: '1' }).waitFor();
    await watchItem.click();
    await wp.waitForURL((url) => url.searchParams.get('auction') === watch._id);
    await wp.getByTestId('chat-message').filter({ hasText: 'مرحباً ليلى، متى يناسبك استلام الساعة؟' }).waitFor();
    await winnerBadge.filter({ hasText: /^0$/ }).waitFor();
    await sp.locator('[data-testid="read-tick"][data-read="true"]').first().waitFor();

    // Her answer reaches the seller's open chat live (no reload).
    await sp.evaluate(() => {
      window.__e2eNoReload = true;
    });
    await wp.getByLabel('نص الرسالة').fill('أهلاً خالد، غداً مساءً في عمّان مناسب.');
    await wp.getByLabel('نص الرسالة').press('Enter');
    await sp.getByTestId('chat-message').filter({ hasText: 'أهلاً خالد، غداً مساءً في عمّان مناسب.' }).waitFor();
    await expectToast(sp, 'رسالة جديدة من ليلى الفائزة');
    assert.equal(await sp.evaluate(() => window.__e2eNoReload), true, 'the seller page was not reloaded');
    assert.equal(await sp.getByTestId('chat-message').count(), 2, 'each message once');
    // Three seconds of polling later, still each message once.
    await sp.waitForTimeout(3_500);
    assert.equal(await sp.getByTestId('chat-message').count(), 2, 'polling adds no duplicate');

    await assertAccessible(sp, '/messages (seller)');
    await checkScreens(sellerPage, 'messages-seller');

    // ---- The winner confirms receipt and rates the seller ----
    const panel = wp.getByTestId('deal-status');
    // Confirming receipt asks once more, saying what it means.
    await panel.getByRole('button', { name: 'تأكيد الاستلام' }).click();
    await wp
      .getByRole('alertdialog', { name: 'تأكيد استلام السلعة' })
      .getByRole('button', { name: 'نعم، استلمت السلعة' })
      .click();
    await expectToast(wp, 'تم تأكيد الصفقة بنجاح');
    await panel.getByText('أكّدتَ استلام السلعة').waitFor();

    await panel.getByRole('button', { name: 'تقييم البائع' }).click();
    const dialog = wp.getByRole('dialog');
    await dialog.waitFor();
    assert.equal(
      await dialog.getByRole('radio', { name: '5 من 5 نجوم' }).getAttribute('aria-checked'),
      'true',
      'five stars by default',
    );
    await assertAccessible(wp, '/messages rating modal');
    await winnerPage.screenshot('messages-rating-modal-desktop-light');
    await dialog.getByRole('radio', { name: '4 من 5 نجوم' }).click();
    await dialog.getByLabel('تعليق (اختياري)').fill('بائع صادق والساعة كما في الوصف');
    await dialog.getByRole('button', { name: 'إرسال التقييم' }).click();
    await expectToast(wp, 'تم إرسال التقييم بنجاح');
    await dialog.waitFor({ state: 'detached' });
    await panel.getByText('لقد قمت بتقييم البائع لهذا المزاد').waitFor();
    assert.equal(
      await panel.getByRole('button', { name: 'تقييم البائع' }).count(),
      0,
      'the rate button is hidden once rated',
    );
    await assertAccessible(wp, '/messages (winner)');
    await checkScreens(winnerPage, 'messages-winner');

    // The seller's chat badge follows the confirmation (polled list).
    await sp.reload();
    await sp.getByTestId('deal-status').getByText('أكّد الفائز استلام السلعة').waitFor();

    // ---- A third member is refused, and the screen says why ----
    const other = await ctx.open({ member: outsider, label: 'outsider', allow: [/status of 403/] });
    await other.visit(`/messages?auction=${watch._id}`);
    await other.page
      .getByRole('alert')
      .filter({ hasText: 'المحادثة متاحة فقط بين البائع والفائز في هذا المزاد' })
      .waitFor();
    assert.equal(await other.page.getByTestId('chat-message').count(), 0);
    assert.equal(await other.page.getByLabel('نص الرسالة').count(), 0);
    await other.screenshot('messages-third-party-refused');

    // ---- The rating reaches the seller's public profile ----
    const ratings = await apiGet(ctx, null, `/api/users/${seller.id}/ratings`);
    const rating = ratings.ratings.find((r) => r.auction?._id === watch._id);
    assert.ok(rating, 'the rating is stored');
    assert.equal(rating.stars, 4);
    assert.equal(rating.comment, 'بائع صادق والساعة كما في الوصف');
    const visitor = await ctx.open({ label: 'visitor' });
    await visitor.visit(`/profile/${seller.id}`);
    await visitor.page.getByText('بائع صادق والساعة كما في الوصف').waitFor();

    // ---- The archive, after ARCHIVE_SOLD_AFTER ----
    await eventually(
      'both sales archived',
      async () => (await apiGet(ctx, seller, `/api/users/${seller.id}/archive-stats`)).soldArchived >= 2,
      { timeout: 120_000, every: 2_000 },
    );

    await winnerPage.visit('/archive');
    await wp.getByRole('heading', { level: 1, name: 'أرشيف المزادات' }).waitFor();
    await wp.getByTestId('archive-stat-won').filter({ hasText: '2' }).waitFor();
    const lampCard = wp.getByTestId('archive-card').filter({ hasText: 'مصباح نحاسي قديم' });
    await lampCard.getByText('فزت بهذا المزاد').waitFor();
    await wp
      .getByTestId('archive-card')
      .filter({ hasText: 'ساعة يد كلاسيكية' })
      .getByText('تم تأكيد استلام الصفقة')
      .waitFor();
    await assertAccessible(wp, '/archive (winner, overview)');
    await checkScreens(winnerPage, 'archive-winner');
    await lampCard.getByRole('button', { name: 'تأكيد استلام الصفقة' }).click();
    await wp
      .getByRole('alertdialog', { name: 'تأكيد استلام السلعة' })
      .getByRole('button', { name: 'نعم، استلمت السلعة' })
      .click();
    await expectToast(wp, 'تم تأكيد استلام الصفقة بنجاح');
    await lampCard.getByText('تم تأكيد استلام الصفقة').waitFor();

    await sellerPage.visit('/archive');
    await sp.getByTestId('archive-stat-total').filter({ hasText: '2' }).waitFor();
    await sp.getByTestId('archive-stat-sold').filter({ hasText: '2' }).waitFor();
    await sp.getByRole('tab', { name: 'مزاداتي المؤرشفة' }).click();
    await sp.getByTestId('archive-card').filter({ hasText: 'ساعة يد كلاسيكية' }).waitFor();
    await sp.getByRole('tab', { name: 'الرسائل القديمة' }).click();
    const thread = sp.getByTestId('archive-thread').filter({ hasText: 'ساعة يد كلاسيكية' });
    await thread.getByText('أهلاً خالد، غداً مساءً في عمّان مناسب.').waitFor();
    await thread.getByRole('button', { name: 'عرض المحادثة كاملة' }).click();
    const modal = sp.getByRole('dialog');
    await modal.getByText('مرحباً ليلى، متى يناسبك استلام الساعة؟').waitFor();
    await assertAccessible(sp, '/archive conversation modal');
    await sellerPage.screenshot('archive-conversation-modal-desktop-light');
    await modal.getByRole('button', { name: 'إغلاق' }).click();
    await sp.getByRole('tab', { name: 'التقييمات' }).click();
    await sp.getByTestId('archive-rating').filter({ hasText: 'بائع صادق والساعة كما في الوصف' }).waitFor();
    await assertAccessible(sp, '/archive (seller, ratings)');
    await checkScreens(sellerPage, 'archive-seller-ratings');

    for (const handle of [sellerPage, winnerPage, other]) handle.assertNoErrors();
  },
};
