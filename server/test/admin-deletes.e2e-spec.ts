import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { AUCTION_END_QUEUE, endJobId } from '../src/auctions/scheduling/auction-end.queue';
import { clientIp } from './support/auth';
import { createAuction, eventually, reloadAuction, storedBids } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * Deleting a member loses nothing another member owns (docs/adr/0006-admin-deletes.md): the
 * account is anonymised and shut, its open auctions are cancelled, and every bid, message,
 * rating and sale involving other members stays.
 */
describe('admin deletes keep other members’ data', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    admin = await createUser(t, { isAdmin: true, adminSession: true });
  });
  afterAll(() => t.close());

  const bid = (auctionId: string, who: TestUser, amount: number) =>
    t.http().post(`/api/auctions/${auctionId}/bid`).set(who.auth).send({ amount }).expect(200);
  const deleteUser = (id: string) => t.http().delete(`/api/admin/users/${id}`).set(admin.auth);

  /** A sold auction (ended an hour ago, not archived), inserted directly. */
  async function sale(seller: TestUser, winner: TestUser, title: string) {
    const [row] = await db.query(
      `INSERT INTO auctions (seller_id, winner_id, title, description, category, status, images, starting_price_fils,
                             current_price_fils, auction_duration, start_time, end_time, ended_at, bid_count)
       VALUES ($1, $2, $3, 'وصف', 'متنوعة', 'مباع', '{}', 10000, 25000, '1h', now() - interval '2 hours',
               now() - interval '1 hour', now() - interval '1 hour', 1)
       RETURNING id`,
      [seller.user.id, winner.user.id, title],
    );
    await db.query(`INSERT INTO bids (auction_id, bidder_id, amount_fils) VALUES ($1, $2, 25000)`, [
      row.id,
      winner.user.id,
    ]);
    return row.id as string;
  }

  it('anonymises and shuts the account; other members keep their auctions, bids, prices, conversations and ratings', async () => {
    const tag = randomUUID().slice(0, 8);
    const victim = await createUser(t, {
      name: 'عضو سيحذف',
      email: `victim.${tag}@example.com`,
      password: 'victim-pass1',
    });
    const seller = await createUser(t, { name: 'بائع آخر' });
    const member = await createUser(t, { name: 'عضو آخر' });

    // Another seller's open auction the victim bid on (and leads).
    const theirs = await createAuction(t, seller, { startingPrice: 10, title: `مزاد البائع ${tag}` });
    await bid(theirs.id, member, 15);
    await bid(theirs.id, victim, 20);
    // The victim's own open auction, with another member's bid.
    const own = await createAuction(t, victim, { startingPrice: 10, title: `مزاد العضو المحذوف ${tag}` });
    await bid(own.id, member, 12);
    const endQueue = t.app.get<Queue>(getQueueToken(AUCTION_END_QUEUE));
    await eventually(() => endQueue.getJob(endJobId(own.id)));
    // A sale the victim won (with chat and a rating of the seller) and one the victim sold.
    const bought = await sale(seller, victim, `مشتريات ${tag}`);
    await db.query(
      `INSERT INTO messages (auction_id, sender_id, receiver_id, content) VALUES ($1, $2, $3, 'وصلت القطعة، شكراً'), ($1, $3, $2, 'بالتوفيق')`,
      [bought, victim.user.id, seller.user.id],
    );
    await db.query(
      `INSERT INTO ratings (auction_id, rater_id, rated_user_id, role, stars, comment) VALUES ($1, $2, $3, 'seller', 4, 'تعامل جيد')`,
      [bought, victim.user.id, seller.user.id],
    );
    const sold = await sale(victim, member, `مبيعات ${tag}`);

    const res = await deleteUser(victim.user.id).expect(200);
    expect(res.body).toEqual({ success: true, message: 'تم حذف المستخدم بنجاح' });

    // The account: anonymised, no login, no token.
    const [row] = await db.query(`SELECT name, email, phone, deleted_at, token_version FROM users WHERE id = $1`, [
      victim.user.id,
    ]);
    expect(row).toMatchObject({ name: 'مستخدم محذوف', phone: '', deleted_at: expect.any(Date) });
    expect(row.email).not.toContain(tag);
    const login = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', clientIp())
      .send({ email: victim.user.email, password: 'victim-pass1' })
      .expect(401);
    expect(login.body.code).toBe('INVALID_CREDENTIALS');
    const me = await t.http().get('/api/auth/me').set(victim.auth).expect(401);
    expect(me.body.code).toBe('TOKEN_INVALID');

    // Another seller's auction keeps every bid and its price (the deleted member's bid shows anonymised).
    const other = await reloadAuction(t, theirs.id);
    expect(other).toMatchObject({ status: 'نشط', currentPriceFils: 20_000, bidCount: 2 });
    expect((await storedBids(t, theirs.id)).map((b) => b.bidderId)).toEqual([member.user.id, victim.user.id]);
    const page = await t.http().get(`/api/auctions/${theirs.id}`).expect(200);
    expect(page.body.bids.map((b: { bidder: { name: string } }) => b.bidder.name)).toEqual(['عضو آخر', 'مستخدم محذوف']);

    // The deleted member's open auction: cancelled, out of the live lists, end job dropped; the other member's bid stays.
    const cancelled = await reloadAuction(t, own.id);
    expect(cancelled).toMatchObject({ status: 'ملغي', bidCount: 1, currentPriceFils: 12_000 });
    expect(cancelled.endedAt).not.toBeNull();
    expect((await storedBids(t, own.id)).map((b) => b.bidderId)).toEqual([member.user.id]);
    const search = await t
      .http()
      .get(`/api/auctions?search=${encodeURIComponent(tag)}`)
      .expect(200);
    const listed = search.body.auctions.map((a: { _id: string }) => a._id);
    expect(listed).toContain(theirs.id);
    expect(listed).not.toContain(own.id);
    const victimList = await t.http().get(`/api/auctions/user/${victim.user.id}`).expect(200);
    expect(victimList.body.auctions.map((a: { _id: string }) => a._id)).not.toContain(own.id);
    await eventually(async () => (await endQueue.getJob(endJobId(own.id))) === undefined);
    const memberBids = await t.http().get(`/api/auctions/user/${member.user.id}/bids`).expect(200);
    expect(memberBids.body.auctions.find((a: { _id: string }) => a._id === own.id)).toMatchObject({
      status: 'ملغي',
      userBidCount: 1,
    });

    // The seller still reads the conversation and the rating the deleted member left.
    const chat = await t.http().get(`/api/messages/auction/${bought}`).set(seller.auth).expect(200);
    expect(chat.body.messages.map((m: { content: string }) => m.content)).toEqual(['وصلت القطعة، شكراً', 'بالتوفيق']);
    expect(chat.body.messages[0].sender).toMatchObject({ _id: victim.user.id, name: 'مستخدم محذوف' });
    const ratings = await t.http().get(`/api/users/${seller.user.id}/ratings`).expect(200);
    expect(ratings.body.ratings).toEqual([expect.objectContaining({ stars: 4, comment: 'تعامل جيد' })]);
    expect(await reloadAuction(t, bought)).toMatchObject({ status: 'مباع', winnerId: victim.user.id });

    // The sale the deleted member made stays in the buyer's won list.
    const won = await t.http().get(`/api/auctions/user/${member.user.id}/won`).expect(200);
    expect(won.body.auctions.find((a: { _id: string }) => a._id === sold)).toMatchObject({
      status: 'مباع',
      seller: { _id: victim.user.id, name: 'مستخدم محذوف' },
    });

    // Gone from the admin's member list.
    const list = await t
      .http()
      .get(`/api/admin/users?q=${encodeURIComponent(`victim.${tag}`)}`)
      .set(admin.auth)
      .expect(200);
    expect(list.body.total).toBe(0);
  });

  it('a repeated delete changes nothing; an unknown member is 404; an admin cannot delete their own account', async () => {
    const victim = await createUser(t);
    await deleteUser(victim.user.id).expect(200);
    const [first] = await db.query(`SELECT deleted_at, token_version, email FROM users WHERE id = $1`, [
      victim.user.id,
    ]);
    await deleteUser(victim.user.id).expect(200);
    const [second] = await db.query(`SELECT deleted_at, token_version, email FROM users WHERE id = $1`, [
      victim.user.id,
    ]);
    expect(second).toEqual(first);

    const missing = await deleteUser(randomUUID()).expect(404);
    expect(missing.body.code).toBe('USER_NOT_FOUND');
    const self = await deleteUser(admin.user.id).expect(400);
    expect(self.body).toMatchObject({ code: 'ADMIN_SELF_DELETE', message: 'لا يمكنك حذف حسابك من لوحة الإدارة' });
    await t.http().get('/api/admin/stats').set(admin.auth).expect(200);
  });

  it('the deleted member’s email can register again as a new account', async () => {
    const email = `again.${randomUUID().slice(0, 8)}@example.com`;
    const victim = await createUser(t, { email });
    await deleteUser(victim.user.id).expect(200);
    const fresh = await createUser(t, { email });
    expect(fresh.user.id).not.toBe(victim.user.id);
  });
});
