/**
 * (m) Live everywhere. The seller keeps /messages open while the winner acts in another browser
 * context: the seller's deal panel turns from "waiting for the winner" to "the winner confirmed"
 * within seconds of the winner's confirmation, and a sale made meanwhile appears in both
 * members' conversation lists, without a reload (the per-member socket events `deal_confirmed`
 * and `conversation_created` invalidate the conversation list). Live from the first second: a
 * page acted on ONE second after it loaded — before its socket has connected — shows the change
 * without a reload too (/messages and the profile's auctions tab: what a page shows is read again
 * when its socket first connects). axe-core on the seller's /messages; screenshots light/dark,
 * 360 px and desktop.
 */
import assert from 'node:assert/strict';
import { expectToast, socketConnected } from '../support/browser.mjs';
import { assertAccessible, checkScreens } from '../support/screens.mjs';

/** How long a live change may take to show (event delivery plus one conversation-list read). */
const LIVE_WITHIN_MS = 5_000;

/** Opens `path` in a fresh page of `member` and resolves one second after its load event. */
async function openAndWaitOneSecond(ctx, member, path, label) {
  const handle = await ctx.open({ member, label });
  let connected = false;
  handle.page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (String(frame.payload).startsWith('40')) connected = true;
    }),
  );
  await handle.page.goto(path, { waitUntil: 'load' });
  await handle.page.waitForTimeout(1_000);
  console.log(`${path}: acted 1 s after load, socket ${connected ? 'already' : 'not yet'} connected`);
  return handle;
}

/** Marks the page; the mark survives only if the page is not reloaded. */
const markNoReload = (page) =>
  page.evaluate(() => {
    window.__e2eNoReload = true;
  });
const notReloaded = (page) => page.evaluate(() => window.__e2eNoReload === true);

export default {
  name: '(m) live everywhere: deal panel and conversation list follow the other party without a reload',
  timeoutMs: 120_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'سامي البائع' });
    const winner = await ctx.data.createMember({ name: 'هالة الفائزة' });
    const lamp = await ctx.data.createAuction(seller, { title: 'مصباح نحاسي', startingPrice: 10, buyNowPrice: 40 });
    const chair = await ctx.data.createAuction(seller, { title: 'كرسي خشبي', startingPrice: 10, buyNowPrice: 60 });
    await ctx.data.buyNow(winner, lamp._id, 40);

    // ---- Both open /messages; each page's socket is connected before the other acts ----
    const sellerPage = await ctx.open({ member: seller, label: 'seller' });
    const winnerPage = await ctx.open({ member: winner, label: 'winner' });
    const sp = sellerPage.page;
    const wp = winnerPage.page;
    const sellerSocket = socketConnected(sp);
    const winnerSocket = socketConnected(wp);

    await sellerPage.visit(`/messages?auction=${lamp._id}`);
    const sellerPanel = sp.getByTestId('deal-status');
    await sellerPanel.getByText('بانتظار تأكيد الفائز لاستلام السلعة.').waitFor();
    assert.equal(await sp.getByTestId('conversation-item').count(), 1, 'one sale so far');
    await winnerPage.visit(`/messages?auction=${lamp._id}`);
    await Promise.all([sellerSocket, winnerSocket]);
    // The server joins the member's room right after acknowledging the connection.
    await sp.waitForTimeout(300);
    await markNoReload(sp);
    await markNoReload(wp);

    // ---- The winner confirms receipt: the seller's panel follows ----
    await wp.getByTestId('deal-status').getByRole('button', { name: 'تأكيد الاستلام' }).click();
    // Confirming receipt asks once more (R-DEAL-CONFIRM).
    await wp
      .getByRole('alertdialog', { name: 'تأكيد استلام السلعة' })
      .getByRole('button', { name: 'نعم، استلمت السلعة' })
      .click();
    await expectToast(wp, 'تم تأكيد الصفقة بنجاح');
    const confirmedAt = Date.now();
    await sellerPanel.getByText('أكّد الفائز استلام السلعة').waitFor({ timeout: LIVE_WITHIN_MS });
    console.log(`seller's deal panel followed the confirmation in ${Date.now() - confirmedAt} ms`);
    assert.equal(await sellerPanel.getByText('بانتظار تأكيد الفائز لاستلام السلعة.').count(), 0);

    // ---- A sale made while both pages are open appears in both lists ----
    await ctx.data.buyNow(winner, chair._id, 60);
    const soldAt = Date.now();
    const newItem = (page) => page.getByTestId('conversation-item').filter({ hasText: 'كرسي خشبي' });
    await newItem(sp).waitFor({ timeout: LIVE_WITHIN_MS });
    await newItem(wp).waitFor({ timeout: LIVE_WITHIN_MS });
    console.log(`the new sale reached both conversation lists in ${Date.now() - soldAt} ms`);
    assert.equal(await sp.getByTestId('conversation-item').count(), 2, "the seller's list has both sales");
    assert.equal(await wp.getByTestId('conversation-item').count(), 2, "the winner's list has both sales");

    assert.equal(await notReloaded(sp), true, 'the seller page was not reloaded');
    assert.equal(await notReloaded(wp), true, 'the winner page was not reloaded');

    // ---- Live from the first second: the other side acts one second after the page loads ----
    const desk = await ctx.data.createAuction(seller, { title: 'مكتب خشبي صغير', startingPrice: 10, buyNowPrice: 50 });
    const early = await openAndWaitOneSecond(ctx, seller, '/messages', 'seller early');
    await markNoReload(early.page);
    await ctx.data.buyNow(winner, desk._id, 50);
    await early.page
      .getByTestId('conversation-item')
      .filter({ hasText: 'مكتب خشبي صغير' })
      .waitFor({ timeout: 15_000 });
    assert.equal(await notReloaded(early.page), true, 'the early /messages page was not reloaded');

    const shelf = await ctx.data.createAuction(seller, { title: 'رف كتب معدني', startingPrice: 10, buyNowPrice: 30 });
    const tab = await openAndWaitOneSecond(ctx, seller, '/profile?tab=auctions', 'seller profile early');
    await markNoReload(tab.page);
    const shelfRow = tab.page.getByRole('region', { name: 'مزاداتي' }).getByRole('row', { name: /رف كتب معدني/ });
    await shelfRow.waitFor();
    await ctx.data.buyNow(winner, shelf._id, 30);
    await shelfRow.filter({ hasText: 'مباع' }).waitFor({ timeout: 15_000 });
    assert.equal(await notReloaded(tab.page), true, 'the early profile page was not reloaded');

    await assertAccessible(sp, '/messages (seller, live)');
    await sellerPage.screenshot('live-everywhere-seller-desktop-light');
    await checkScreens(sellerPage, 'live-everywhere-seller');
  },
};
