import type {
  ConversationMessagesResult,
  ConversationsResult,
  SendMessageResult,
  UnreadCountResult,
} from '@mazad/contracts';
import type { Socket } from 'socket.io-client';
import { ProcessCluster } from './support/process-cluster';
import type { ServerProcess } from './support/server-process';
import { connectSocket, nextEvent } from './support/sockets';

/**
 * Two real server processes sharing PostgreSQL and Redis: chat events reach a member's socket on
 * the other replica (Socket.IO Redis adapter), and unread counts agree whichever replica answers.
 * Needs the compiled server (`npm run build -w server`; `npm test` builds first).
 */
describe('messages across two server processes', () => {
  const cluster = new ProcessCluster();
  let a: ServerProcess;
  let b: ServerProcess;
  const sockets: Socket[] = [];
  const member = (name: string) => cluster.member(name);

  beforeAll(async () => {
    await cluster.open();
    [a, b] = await Promise.all([cluster.start(), cluster.start()]);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await cluster.close();
  });

  const call = async <T = unknown>(
    server: ServerProcess,
    path: string,
    headers: Record<string, string>,
    init: { method?: string; body?: unknown } = {},
  ) => {
    const res = await fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

  it('new_message / new-message reach the receiver on B when posted through A; message_read reaches the sender on B', async () => {
    const seller = await member('البائع');
    const winner = await member('الفائز');
    const [row] = await cluster.db.query(
      `INSERT INTO auctions (seller_id, title, description, category, images, starting_price_fils, current_price_fils,
                             buy_now_price_fils, auction_duration, end_time)
       VALUES ($1, 'مزاد المحادثة', 'وصف', 'متنوعة', '{}', 10000, 10000, 50000, '1h', now() + interval '1 hour')
       RETURNING id`,
      [seller.id],
    );
    const auctionId = row.id as string;
    expect((await call(a, `/api/auctions/${auctionId}/buy-now`, winner.headers, { method: 'POST' })).status).toBe(200);

    const sellerOnB = await connectSocket(b.url, seller.token);
    const winnerOnB = await connectSocket(b.url, winner.token);
    sockets.push(sellerOnB, winnerOnB);

    const underscore = nextEvent(sellerOnB, 'new_message');
    const dash = nextEvent(sellerOnB, 'new-message');
    const sent = await call<SendMessageResult>(a, '/api/messages', winner.headers, {
      method: 'POST',
      body: { auctionId, receiverId: seller.id, content: 'مرحباً من الخادم الأول' },
    });
    expect(sent.status).toBe(201);
    expect(await underscore).toEqual(sent.body.message);
    expect(await dash).toEqual(sent.body.message);
    expect((await call<UnreadCountResult>(b, '/api/messages/unread-count', seller.headers)).body.count).toBe(1);
    expect(
      (await call<ConversationsResult>(b, '/api/messages/conversations', seller.headers)).body.conversations[0],
    ).toMatchObject({
      _id: auctionId,
      unreadCount: 1,
    });

    const receipt = nextEvent(winnerOnB, 'message_read');
    const thread = await call<ConversationMessagesResult>(a, `/api/messages/auction/${auctionId}`, seller.headers);
    expect(thread.status).toBe(200);
    expect(thread.body.messages).toEqual([expect.objectContaining({ _id: sent.body.message._id, isRead: true })]);
    expect(await receipt).toMatchObject({ auctionId, readerId: seller.id, messageIds: [sent.body.message._id] });
    expect((await call<UnreadCountResult>(b, '/api/messages/unread-count', seller.headers)).body.count).toBe(0);

    // And back: the seller answers through B, the winner (on B) gets it; the count moves on A.
    const reply = nextEvent(winnerOnB, 'new-message');
    expect(
      (
        await call(b, '/api/messages', seller.headers, {
          method: 'POST',
          body: { auctionId, receiverId: winner.id, content: 'أهلاً' },
        })
      ).status,
    ).toBe(201);
    expect((await reply).content).toBe('أهلاً');
    expect((await call<UnreadCountResult>(a, '/api/messages/unread-count', winner.headers)).body.count).toBe(1);
  });
});
