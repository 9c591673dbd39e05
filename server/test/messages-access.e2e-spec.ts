import { AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { createAuction } from './support/auctions';
import { sendMessage, soldByBidding, soldByBuyNow } from './support/sales';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/** Who may read and write the conversation of an auction, and what a message may contain. */
describe('messages: access and content', () => {
  let t: TestApp;
  let seller: TestUser;
  let winner: TestUser;
  let stranger: TestUser;
  let auctionId: string;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await createUser(t, { name: 'سامي البائع' });
    winner = await createUser(t, { name: 'وفاء الفائزة' });
    stranger = await createUser(t, { name: 'غريب' });
    auctionId = await soldByBuyNow(t, seller, winner);
  });
  afterAll(() => t.close());

  it('the seller and the winner chat both ways; each message comes back as the stored object', async () => {
    const first = await sendMessage(t, winner, {
      auctionId,
      receiverId: seller.user.id,
      content: 'مرحباً، متى يمكنني الاستلام؟',
    }).expect(201);
    expect(first.body.success).toBe(true);
    expect(first.body.message).toMatchObject({
      content: 'مرحباً، متى يمكنني الاستلام؟',
      sender: { _id: winner.user.id, name: 'وفاء الفائزة' },
      receiver: { _id: seller.user.id, name: 'سامي البائع' },
      isRead: false,
      readAt: null,
      auction: auctionId,
    });
    expect(first.body.message._id).toBe(first.body.message.id);
    expect(new Date(first.body.message.createdAt).toISOString()).toBe(first.body.message.createdAt);

    const reply = await sendMessage(t, seller, { auctionId, receiverId: winner.user.id, content: 'غداً صباحاً' }).expect(
      201,
    );
    expect(reply.body.message).toMatchObject({ sender: { _id: seller.user.id }, receiver: { _id: winner.user.id } });

    for (const who of [seller, winner]) {
      const thread = await t.http().get(`/api/messages/auction/${auctionId}`).set(who.auth).expect(200);
      expect(thread.body.success).toBe(true);
      expect(thread.body.messages.map((m: { content: string }) => m.content)).toEqual([
        'مرحباً، متى يمكنني الاستلام؟',
        'غداً صباحاً',
      ]);
      expect(thread.body.messages[0]).toMatchObject({
        _id: first.body.message._id,
        auction: auctionId,
        sender: { name: 'وفاء الفائزة' },
      });
    }
  });

  it('also works for an auction sold by bidding and ending on time', async () => {
    const id = await soldByBidding(t, seller, winner);
    await sendMessage(t, seller, { auctionId: id, receiverId: winner.user.id, content: 'مبروك الفوز' }).expect(201);
  });

  it('a third member can neither read nor write the conversation (403 CONVERSATION_FORBIDDEN)', async () => {
    const read = await t.http().get(`/api/messages/auction/${auctionId}`).set(stranger.auth).expect(403);
    expect(read.body).toMatchObject({
      code: 'CONVERSATION_FORBIDDEN',
      message: 'المحادثة متاحة فقط بين البائع والفائز في هذا المزاد',
    });
    expect(read.body.error).toBe(read.body.message);
    for (const receiverId of [seller.user.id, winner.user.id]) {
      const write = await sendMessage(t, stranger, { auctionId, receiverId, content: 'مرحباً' }).expect(403);
      expect(write.body.code).toBe('CONVERSATION_FORBIDDEN');
    }
    const stored = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM messages WHERE sender_id = $1`, [stranger.user.id]);
    expect(stored[0].n).toBe(0);
  });

  it('signed-out callers get 401 on every messages route', async () => {
    await t.http().get('/api/messages/conversations').expect(401);
    await t.http().get('/api/messages/unread-count').expect(401);
    await t.http().get(`/api/messages/auction/${auctionId}`).expect(401);
    const res = await t
      .http()
      .post('/api/messages')
      .send({ auctionId, receiverId: seller.user.id, content: 'x' })
      .expect(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('no conversation on an auction that is not sold, even for its seller', async () => {
    for (const status of [AuctionStatus.Active, AuctionStatus.Unsold]) {
      const a = await createAuction(t, seller, { status, schedule: false });
      await t.http().get(`/api/messages/auction/${a.id}`).set(seller.auth).expect(403);
      const res = await sendMessage(t, seller, {
        auctionId: a.id,
        receiverId: winner.user.id,
        content: 'مرحباً',
      }).expect(403);
      expect(res.body.code).toBe('CONVERSATION_FORBIDDEN');
    }
  });

  it('the receiver must be the other party (400 MESSAGE_RECEIVER_INVALID)', async () => {
    for (const receiverId of [stranger.user.id, winner.user.id]) {
      const res = await sendMessage(t, winner, { auctionId, receiverId, content: 'مرحباً' }).expect(400);
      expect(res.body).toMatchObject({
        code: 'MESSAGE_RECEIVER_INVALID',
        message: 'يجب أن يكون مستلم الرسالة هو الطرف الآخر في هذا المزاد',
      });
    }
  });

  it('refuses empty and whitespace-only content (400 MESSAGE_EMPTY) and trims the rest', async () => {
    for (const content of ['', '   ', '\n\t  \n', undefined]) {
      const res = await sendMessage(t, winner, { auctionId, receiverId: seller.user.id, content }).expect(400);
      expect(res.body).toMatchObject({ code: 'MESSAGE_EMPTY', message: 'لا يمكن إرسال رسالة فارغة' });
    }
    const trimmed = await sendMessage(t, winner, {
      auctionId,
      receiverId: seller.user.id,
      content: '   نص بمسافات   \n',
    }).expect(201);
    expect(trimmed.body.message.content).toBe('نص بمسافات');
  });

  it('accepts 2000 characters and refuses 2001 with an Arabic message naming the field', async () => {
    const ok = await sendMessage(t, winner, {
      auctionId,
      receiverId: seller.user.id,
      content: 'ب'.repeat(2000),
    }).expect(201);
    expect(ok.body.message.content).toHaveLength(2000);
    const res = await sendMessage(t, winner, {
      auctionId,
      receiverId: seller.user.id,
      content: 'ب'.repeat(2001),
    }).expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.message).toBe('نص الرسالة (content) يجب ألا يتجاوز 2000 حرف');
    expect(res.body.errors).toEqual([{ field: 'content', message: res.body.message }]);
    // Spaces around the text do not count against the limit.
    await sendMessage(t, winner, { auctionId, receiverId: seller.user.id, content: `  ${'ب'.repeat(2000)}  ` }).expect(
      201,
    );
  });

  it('stores and returns HTML as plain text, verbatim', async () => {
    const content = '<script>alert("x")</script> <b>عرض</b> &amp; <img src=x onerror=alert(1)>';
    const sent = await sendMessage(t, seller, { auctionId, receiverId: winner.user.id, content }).expect(201);
    expect(sent.body.message.content).toBe(content);
    const thread = await t.http().get(`/api/messages/auction/${auctionId}`).set(winner.auth).expect(200);
    expect(thread.body.messages.at(-1).content).toBe(content);
    const [row] = await t.app
      .get(DataSource)
      .query(`SELECT content FROM messages WHERE id = $1`, [sent.body.message._id]);
    expect(row.content).toBe(content);
  });

  it('validates ids and refuses unknown fields; 404 for a missing auction', async () => {
    const bad = await sendMessage(t, winner, { auctionId: 'abc', receiverId: seller.user.id, content: 'x' }).expect(
      400,
    );
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'معرّف المزاد (auctionId) غير صالح' });
    const badReceiver = await sendMessage(t, winner, { auctionId, content: 'x' }).expect(400);
    expect(badReceiver.body.message).toContain('receiverId');
    const extra = await sendMessage(t, winner, {
      auctionId,
      receiverId: seller.user.id,
      content: 'x',
      isRead: true,
    }).expect(400);
    expect(extra.body.code).toBe('UNKNOWN_FIELD');
    const number = await sendMessage(t, winner, { auctionId, receiverId: seller.user.id, content: 42 }).expect(400);
    expect(number.body.message).toContain('content');
    const missing = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
    expect(
      (await sendMessage(t, winner, { auctionId: missing, receiverId: seller.user.id, content: 'x' }).expect(404)).body
        .code,
    ).toBe('AUCTION_NOT_FOUND');
    expect((await t.http().get(`/api/messages/auction/${missing}`).set(winner.auth).expect(404)).body.code).toBe(
      'AUCTION_NOT_FOUND',
    );
    expect((await t.http().get('/api/messages/auction/nope').set(winner.auth).expect(400)).body.code).toBe(
      'INVALID_ID',
    );
  });
});
