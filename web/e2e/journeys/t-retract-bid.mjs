/**
 * (t) A member takes back a typo (R-BID-RETRACT): their bid of 200 for 20 (placed through the
 * API) shows «سحب المزايدة» on their own row of the bid history, and only there; the dialog
 * names the amount, the reason and what happens, checked with axe and for overflow in both
 * themes and sizes; confirmed, the bid shows as cancelled and the price falls back to the other
 * member's bid, on the page and for a watcher's page, live.
 */
import assert from 'node:assert/strict';
import { expectToast } from '../support/browser.mjs';
import { checkScreens } from '../support/screens.mjs';

export default {
  name: '(t) a member retracts a typo from the bid history and the price falls back, live',
  timeoutMs: 90_000,
  async run(ctx) {
    const seller = await ctx.data.createMember({ name: 'بائع الدراجة' });
    const typist = await ctx.data.createMember({ name: 'هالة صاحبة الخطأ' });
    const rival = await ctx.data.createMember({ name: 'مراد المنافس' });
    const auction = await ctx.data.createAuction(seller, { title: 'دراجة هوائية جبلية', startingPrice: 15 });
    await ctx.data.placeBid(rival, auction._id, 18);
    await ctx.data.placeBid(typist, auction._id, 200);

    const watcher = await ctx.open({ member: rival, label: 'watcher' });
    await watcher.visit(`/auction/${auction._id}`);
    await watcher.page.getByTestId('current-price').filter({ hasText: '200.000 د.أ' }).waitFor();
    await watcher.waitForRoomJoin(auction._id);
    const rivalsActions = watcher.page.getByRole('button', { name: 'سحب المزايدة' });
    // The rival's own bid is theirs to retract; the typo is not.
    assert.equal(await rivalsActions.count(), 1, 'the watcher sees the action on their own bid only');
    const rivalsRow = watcher.page.getByRole('listitem').filter({ has: rivalsActions });
    assert.match(await rivalsRow.innerText(), /18\.000/);

    const me = await ctx.open({ member: typist });
    const { page } = me;
    await me.visit(`/auction/${auction._id}`);
    await page.getByRole('heading', { level: 1, name: 'دراجة هوائية جبلية' }).waitFor();
    const history = page.getByRole('list', { name: /سجل المزايدات/ });
    const mine = history.getByRole('listitem').first();
    await mine.filter({ hasText: '200.000' }).waitFor();
    assert.equal(await history.getByRole('button', { name: 'سحب المزايدة' }).count(), 1, 'one action: on my bid');

    await mine.getByRole('button', { name: 'سحب المزايدة' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'سحب المزايدة' });
    await dialog.waitFor();
    assert.ok(await dialog.getByRole('radio', { name: 'أدخلت مبلغاً خاطئاً' }).isChecked());
    await dialog.getByText('200.000 د.أ').waitFor();
    await checkScreens(me, 'auction-retract-dialog');

    await dialog.getByRole('button', { name: 'سحب المزايدة' }).click();
    await expectToast(page, 'تم سحب مزايدتك، وعاد السعر إلى ما تقتضيه المزايدات الباقية');
    await page.getByTestId('current-price').filter({ hasText: '18.000 د.أ' }).waitFor();
    await mine.filter({ hasText: 'ملغاة' }).waitFor();
    assert.equal(await history.getByRole('button', { name: 'سحب المزايدة' }).count(), 0, 'nothing left to retract');
    await me.screenshot('auction-retracted-desktop');

    // The watcher's page follows, live.
    await watcher.page.getByTestId('current-price').filter({ hasText: '18.000 د.أ' }).waitFor();
    await watcher.page.getByRole('listitem').filter({ hasText: '200.000' }).filter({ hasText: 'ملغاة' }).waitFor();
  },
};
