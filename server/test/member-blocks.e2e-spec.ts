import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES } from '@mazad/contracts';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { createAuction, reloadAuction, storedBids } from './support/auctions';
import { sendMessage, soldByBuyNow } from './support/sales';
import { connectSocket } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * R-BLOCK on real PostgreSQL and Redis: a member blocks another; the blocked member can no
 * longer bid, set a maximum or buy now on the blocker's auctions (HTTP and socket alike), the two
 * cannot write to each other, the maximums the blocked member held there are withdrawn and the
 * prices recomputed, and no bid of theirs commits after the block's answer, even in a storm.
 */
describe('members blocking members', () => {
  let t: TestApp;
  let db: DataSource;
  let seller: TestUser;
  let other: TestUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    seller = await createUser(t, { name: 'بائع' });
    other = await createUser(t, { name: 'كريم' });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  const block = (by: TestUser, id: string) => t.http().put(`/api/users/${id}/block`).set(by.auth);
  const unblock = (by: TestUser, id: string) => t.http().delete(`/api/users/${id}/block`).set(by.auth);
  const blocks = (by: TestUser) => t.http().get('/api/users/me/blocks').set(by.auth);
  const bid = (auctionId: string, who: TestUser, amount: number) =>
    t.http().post(`/api/auctions/${auctionId}/bid`).set(who.auth).send({ amount });
  const setMax = (auctionId: string, who: TestUser, amount: number) =>
    t.http().put(`/api/auctions/${auctionId}/max-bid`).set(who.auth).send({ amount });
  async function socketOf(who: TestUser): Promise<Socket> {
    const socket = await connectSocket(t.url, who.token);
    sockets.push(socket);
    return socket;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely, as HTTP bodies are
  const emit = (socket: Socket, event: string, payload: unknown): Promise<any> =>
    socket.timeout(30_000).emitWithAck(event, payload);
  const blockedRefusal = { statusCode: 403, code: 'BLOCKED_BY_SELLER', message: ERROR_MESSAGES.BLOCKED_BY_SELLER };

  it('blocks, lists and unblocks, each call idempotent', async () => {
    const blocker = await createUser(t);
    const [x, y] = await Promise.all([createUser(t, { name: 'سالم' }), createUser(t, { name: 'هند' })]);
    const first = await block(blocker, x.user.id).expect(200);
    expect(first.body).toEqual({ success: true, message: 'تم حظر العضو', userId: x.user.id, blocked: true });
    expect((await block(blocker, x.user.id).expect(200)).body).toEqual(first.body);
    await block(blocker, y.user.id).expect(200);
    const listed = (await blocks(blocker).expect(200)).body;
    expect(listed.success).toBe(true);
    expect(listed.members.map((m: { name: string }) => m.name)).toEqual(['هند', 'سالم']);
    expect(listed.members[1]).toEqual({
      id: x.user.id,
      name: 'سالم',
      profileImage: null,
      blockedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // The list is the blocker's own: the blocked member sees nothing of it.
    expect((await blocks(x).expect(200)).body.members).toEqual([]);

    const lifted = await unblock(blocker, x.user.id).expect(200);
    expect(lifted.body).toEqual({ success: true, message: 'تم إلغاء حظر العضو', userId: x.user.id, blocked: false });
    await unblock(blocker, x.user.id).expect(200);
    expect((await blocks(blocker).expect(200)).body.members.map((m: { id: string }) => m.id)).toEqual([y.user.id]);
  });

  it('refuses blocking oneself (400 BLOCK_SELF), a missing or removed member (404), and anonymous callers (401)', async () => {
    const me = await createUser(t);
    expect((await block(me, me.user.id).expect(400)).body).toMatchObject({
      code: 'BLOCK_SELF',
      message: 'لا يمكنك حظر نفسك',
    });
    expect((await block(me, randomUUID()).expect(404)).body.code).toBe('USER_NOT_FOUND');
    const removed = await createUser(t);
    await db.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [removed.user.id]);
    expect((await block(me, removed.user.id).expect(404)).body.code).toBe('USER_NOT_FOUND');
    expect((await unblock(me, removed.user.id).expect(404)).body.code).toBe('USER_NOT_FOUND');
    expect((await block(me, 'not-a-uuid').expect(400)).body.code).toBe('INVALID_ID');
    await t.http().put(`/api/users/${other.user.id}/block`).expect(401);
    await t.http().delete(`/api/users/${other.user.id}/block`).expect(401);
    await t.http().get('/api/users/me/blocks').expect(401);
    expect((await blocks(me).expect(200)).body.members).toEqual([]);
  });

  it('refuses the blocked member’s bid, maximum and buy-now on the blocker’s auctions, over HTTP and the socket; others and other sellers are unaffected', async () => {
    const x = await createUser(t, { name: 'محظور' });
    const a = await createAuction(t, seller, { startingPrice: 20, buyNowPrice: 90 });
    const elsewhere = await createAuction(t, other, { startingPrice: 20 });
    await bid(a.id, x, 25).expect(200);
    await block(seller, x.user.id).expect(200);

    expect((await bid(a.id, x, 30).expect(403)).body).toMatchObject(blockedRefusal);
    expect((await setMax(a.id, x, 60).expect(403)).body).toMatchObject(blockedRefusal);
    expect((await t.http().post(`/api/auctions/${a.id}/buy-now`).set(x.auth).expect(403)).body).toMatchObject(
      blockedRefusal,
    );
    const socket = await socketOf(x);
    expect(await emit(socket, 'place_bid', { auctionId: a.id, amount: 31 })).toMatchObject(blockedRefusal);
    expect(await emit(socket, 'buy_now', { auctionId: a.id })).toMatchObject(blockedRefusal);

    // Their earlier bid stands; another member bids as before; the member bids elsewhere.
    expect(await reloadAuction(t, a.id)).toMatchObject({ currentPriceFils: 25_000 });
    await bid(a.id, other, 30).expect(200);
    await bid(elsewhere.id, x, 25).expect(200);
    // Unblocked, they bid again.
    await unblock(seller, x.user.id).expect(200);
    await bid(a.id, x, 35).expect(200);
  });

  it('withdraws the maximums the blocked member held on the blocker’s open auctions and reprices them; their manual bids and their maximums elsewhere stay', async () => {
    const [x, c] = await Promise.all([createUser(t, { name: 'محظور' }), createUser(t, { name: 'منافس' })]);
    const a = await createAuction(t, seller, { startingPrice: 20 });
    const manual = await createAuction(t, seller, { startingPrice: 20 });
    const elsewhere = await createAuction(t, other, { startingPrice: 20 });
    await bid(a.id, c, 30).expect(200);
    await setMax(a.id, x, 80).expect(200); // x leads at 31, automatically
    await bid(manual.id, x, 40).expect(200);
    await setMax(elsewhere.id, x, 70).expect(200);

    await block(seller, x.user.id).expect(200);

    // As a removal: their automatic bid is cancelled, c's 30 is the price again.
    expect((await storedBids(t, a.id)).map((b) => [b.bidderId, b.amountFils, b.isCancelled])).toEqual([
      [c.user.id, 30_000, false],
      [x.user.id, 31_000, true],
    ]);
    expect(await reloadAuction(t, a.id)).toMatchObject({ currentPriceFils: 30_000 });
    const maxima: { auction_id: string }[] = await db.query(`SELECT auction_id FROM max_bids WHERE user_id = $1`, [
      x.user.id,
    ]);
    expect(maxima.map((m) => m.auction_id)).toEqual([elsewhere.id]);
    expect(await reloadAuction(t, manual.id)).toMatchObject({ currentPriceFils: 40_000 });
    expect((await storedBids(t, manual.id)).map((b) => b.isCancelled)).toEqual([false]);
    // c bids on: no automatic answer for x any more.
    await bid(a.id, c, 35).expect(200);
    expect((await storedBids(t, a.id)).filter((b) => b.bidderId === x.user.id)).toHaveLength(1);
  });

  it('closes the conversation both ways while one blocks the other; the thread stays readable', async () => {
    const [s, w] = await Promise.all([createUser(t, { name: 'بائع المحادثة' }), createUser(t, { name: 'فائز' })]);
    const auctionId = await soldByBuyNow(t, s, w);
    await sendMessage(t, w, { auctionId, receiverId: s.user.id, content: 'مرحبا' }).expect(201);
    await block(s, w.user.id).expect(200);
    const refused = { statusCode: 403, code: 'CHAT_BLOCKED', message: ERROR_MESSAGES.CHAT_BLOCKED };
    expect((await sendMessage(t, w, { auctionId, receiverId: s.user.id, content: 'هل وصلك؟' })).body).toMatchObject(
      refused,
    );
    expect((await sendMessage(t, s, { auctionId, receiverId: w.user.id, content: 'نعم' })).body).toMatchObject(refused);
    const thread = await t.http().get(`/api/messages/auction/${auctionId}`).set(w.auth).expect(200);
    expect(JSON.stringify(thread.body)).toContain('مرحبا');
    await unblock(s, w.user.id).expect(200);
    await sendMessage(t, s, { auctionId, receiverId: w.user.id, content: 'نعم' }).expect(201);
  });

  it('rate-limits the block calls (429 BLOCK_RATE_LIMITED past 20 a minute)', async () => {
    const me = await createUser(t);
    for (let i = 0; i < 20; i++) await (i % 2 ? unblock : block)(me, other.user.id).expect(200);
    expect((await block(me, other.user.id).expect(429)).body.code).toBe('BLOCK_RATE_LIMITED');
  });

  it('no bid of the blocked member commits after the block’s answer, with their bids racing it in parallel', async () => {
    const x = await createUser(t, { name: 'محظور' });
    const rivals = await Promise.all(Array.from({ length: 4 }, (_, i) => createUser(t, { name: `منافس ${i}` })));
    const auctions = await Promise.all(
      Array.from({ length: 3 }, () => createAuction(t, seller, { startingPrice: 10 })),
    );
    const socket = await socketOf(x);
    const next = auctions.map(() => 10);
    type Answer = { sentAt: number; status: number; code?: string };
    const answers: Answer[] = [];
    const pending: Promise<unknown>[] = [];
    let blockAnsweredAt = Infinity;
    let blockedSnapshot: Set<string> | null = null;
    const xBids = async () =>
      new Set(
        (await Promise.all(auctions.map((a) => storedBids(t, a.id))))
          .flat()
          .filter((b) => b.bidderId === x.user.id)
          .map((b) => b.id),
      );

    // Every 15 ms: one bid of x (HTTP and socket in turn) and one of a rival, on the three
    // auctions in turn, each higher than the last sent there; the block goes out mid-storm.
    for (let i = 0; i < 45; i++) {
      const k = i % auctions.length;
      const a = auctions[k].id;
      const sentAt = Date.now();
      next[k] += 2;
      const amount = next[k];
      pending.push(
        (i % 2 === 0
          ? bid(a, x, amount).then((r) => ({ status: r.status, code: r.body.code }))
          : emit(socket, 'place_bid', { auctionId: a, amount }).then((ack) => ({
              status: ack.success ? 200 : ack.statusCode,
              code: ack.code,
            }))
        ).then((r) => answers.push({ sentAt, ...r })),
      );
      next[k] += 1;
      pending.push(bid(a, rivals[i % rivals.length], next[k]));
      if (i === 15) {
        pending.push(
          block(seller, x.user.id).then(async (r) => {
            expect(r.status).toBe(200);
            blockAnsweredAt = Date.now();
            blockedSnapshot = await xBids();
          }),
        );
      }
      await new Promise((r) => setTimeout(r, 15));
    }
    await Promise.all(pending);

    // Nothing of x's was stored after the block answered: every bid of theirs is in the snapshot
    // taken then, and every request sent after it was refused BLOCKED_BY_SELLER.
    expect(blockedSnapshot).not.toBeNull();
    expect([...(await xBids())].sort()).toEqual([...blockedSnapshot!].sort());
    const after = answers.filter((a) => a.sentAt > blockAnsweredAt);
    expect(after.length).toBeGreaterThan(5);
    expect(after.every((a) => a.status === 403 && a.code === 'BLOCKED_BY_SELLER')).toBe(true);
    // The race was real: some of x's bids were accepted before the block, some refused by it.
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(blockedSnapshot!.size).toBe(answers.filter((a) => a.status === 200).length);
  });
});
