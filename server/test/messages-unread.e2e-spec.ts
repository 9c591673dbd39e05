import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { sendMessage, soldByBuyNow, unreadCount } from './support/sales';
import { collect, connectSocket, nextEvent } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/** Conversations, unread counts and the private socket events on one instance. */
describe('messages: conversations, unread counts, read receipts', () => {
  let t: TestApp;
  const sockets: Socket[] = [];
  const open = async (who: TestUser) => {
    const s = await connectSocket(t.url, who.token);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  it('unread counts move as messages are sent and read; opening the conversation marks read', async () => {
    const seller = await createUser(t, { name: 'البائع' });
    const winner = await createUser(t, { name: 'الفائز' });
    const auctionId = await soldByBuyNow(t, seller, winner);
    expect(await unreadCount(t, seller)).toBe(0);

    await sendMessage(t, winner, { auctionId, receiverId: seller.user.id, content: 'الأولى' }).expect(201);
    await sendMessage(t, winner, { auctionId, receiverId: seller.user.id, content: 'الثانية' }).expect(201);
    expect(await unreadCount(t, seller)).toBe(2);
    expect(await unreadCount(t, winner)).toBe(0); // own messages never count

    // The sender reading the thread marks nothing.
    const bySender = await t.http().get(`/api/messages/auction/${auctionId}`).set(winner.auth).expect(200);
    expect(bySender.body.messages.map((m: { isRead: boolean }) => m.isRead)).toEqual([false, false]);
    expect(await unreadCount(t, seller)).toBe(2);

    // The receiver opening it marks both read (and the answer already shows them read).
    const byReceiver = await t.http().get(`/api/messages/auction/${auctionId}`).set(seller.auth).expect(200);
    expect(byReceiver.body.messages.map((m: { isRead: boolean }) => m.isRead)).toEqual([true, true]);
    expect(byReceiver.body.messages[0].readAt).toEqual(expect.any(String));
    expect(await unreadCount(t, seller)).toBe(0);

    await sendMessage(t, seller, { auctionId, receiverId: winner.user.id, content: 'الرد' }).expect(201);
    expect(await unreadCount(t, winner)).toBe(1);
    expect(await unreadCount(t, seller)).toBe(0);
    const [row] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM messages WHERE auction_id = $1 AND is_read`, [auctionId]);
    expect(row.n).toBe(2);
  });

  it('lists the conversations of sold auctions the caller sold or won, latest activity first, with unread counts', async () => {
    const seller = await createUser(t, { name: 'سلمى البائعة' });
    const buyerA = await createUser(t, { name: 'أحمد' });
    const buyerB = await createUser(t, { name: 'بلال' });
    const stranger = await createUser(t);
    const first = await soldByBuyNow(t, seller, buyerA, { title: 'ساعة يد' });
    const second = await soldByBuyNow(t, seller, buyerB, { title: 'دراجة' });
    await sendMessage(t, buyerB, { auctionId: second, receiverId: seller.user.id, content: 'مرحباً من بلال' }).expect(
      201,
    );
    await sendMessage(t, buyerA, { auctionId: first, receiverId: seller.user.id, content: 'مرحباً من أحمد' }).expect(
      201,
    );
    await sendMessage(t, buyerA, { auctionId: first, receiverId: seller.user.id, content: 'هل وصلت رسالتي؟' }).expect(
      201,
    );

    const res = await t.http().get('/api/messages/conversations').set(seller.auth).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.conversations.map((c: { _id: string }) => c._id)).toEqual([first, second]);
    const [c] = res.body.conversations;
    expect(c).toMatchObject({
      _id: first,
      auction: {
        _id: first,
        title: 'ساعة يد',
        status: 'مباع',
        currentPrice: 200,
        isDealConfirmed: false,
        images: ['/uploads/test.webp'],
      },
      participants: [
        { _id: seller.user.id, name: 'سلمى البائعة', profileImage: null, role: 'seller' },
        { _id: buyerA.user.id, name: 'أحمد', profileImage: null, role: 'winner' },
      ],
      otherParticipant: { _id: buyerA.user.id, name: 'أحمد' },
      lastMessage: { content: 'هل وصلت رسالتي؟', sender: { _id: buyerA.user.id, name: 'أحمد' } },
      unreadCount: 2,
    });
    expect(res.body.conversations[1]).toMatchObject({ unreadCount: 1, lastMessage: { content: 'مرحباً من بلال' } });
    expect(await unreadCount(t, seller)).toBe(3);

    // Reading one conversation clears only its count; a new message moves the other to the top.
    await t.http().get(`/api/messages/auction/${first}`).set(seller.auth).expect(200);
    await sendMessage(t, seller, { auctionId: second, receiverId: buyerB.user.id, content: 'أهلاً بلال' }).expect(201);
    const after = await t.http().get('/api/messages/conversations').set(seller.auth).expect(200);
    expect(after.body.conversations.map((x: { _id: string; unreadCount: number }) => [x._id, x.unreadCount])).toEqual([
      [second, 1],
      [first, 0],
    ]);

    const buyerView = await t.http().get('/api/messages/conversations').set(buyerA.auth).expect(200);
    expect(buyerView.body.conversations).toHaveLength(1);
    expect(buyerView.body.conversations[0]).toMatchObject({
      _id: first,
      otherParticipant: { _id: seller.user.id, role: 'seller' },
      unreadCount: 0,
    });
    expect(
      (await t.http().get('/api/messages/conversations').set(stranger.auth).expect(200)).body.conversations,
    ).toEqual([]);
  });

  it('a sold auction without messages is listed with lastMessage null', async () => {
    const seller = await createUser(t);
    const winner = await createUser(t);
    const id = await soldByBuyNow(t, seller, winner);
    const res = await t.http().get('/api/messages/conversations').set(winner.auth).expect(200);
    expect(res.body.conversations).toEqual([expect.objectContaining({ _id: id, lastMessage: null, unreadCount: 0 })]);
  });

  it('pushes new_message and new-message to the receiver, and message_read to the sender', async () => {
    const seller = await createUser(t, { name: 'البائع' });
    const winner = await createUser(t, { name: 'الفائز' });
    const auctionId = await soldByBuyNow(t, seller, winner);
    const sellerSocket = await open(seller);
    const winnerSocket = await open(winner);
    const ownEcho = collect(winnerSocket, 'new_message');

    const underscore = nextEvent(sellerSocket, 'new_message');
    const dash = nextEvent(sellerSocket, 'new-message');
    const sent = await sendMessage(t, winner, { auctionId, receiverId: seller.user.id, content: 'وصلت؟' }).expect(201);
    expect(await underscore).toEqual(sent.body.message);
    expect(await dash).toEqual(sent.body.message);

    const receipt = nextEvent(winnerSocket, 'message_read');
    await t.http().get(`/api/messages/auction/${auctionId}`).set(seller.auth).expect(200);
    expect(await receipt).toMatchObject({
      auctionId,
      readerId: seller.user.id,
      messageIds: [sent.body.message._id],
      readAt: expect.any(String),
    });

    // Polling again with nothing new sends no further receipt.
    const more = collect(winnerSocket, 'message_read');
    await t.http().get(`/api/messages/auction/${auctionId}`).set(seller.auth).expect(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(more).toEqual([]);
    expect(ownEcho).toEqual([]);
  });
});
