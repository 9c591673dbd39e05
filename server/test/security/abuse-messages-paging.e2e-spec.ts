import { DataSource } from 'typeorm';
import { soldByBuyNow } from '../support/sales';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

/**
 * R-MESSAGE-TEXT (docs/security.md, "Abuse and resources"): GET /api/messages/auction/{id} answers one page (newest
 * first, keyset cursor, a limit) instead of the whole thread, and a poll with `after` answers
 * only what is new.
 */
describe('security: the conversation is paged', () => {
  let t: TestApp;
  let seller: TestUser;
  let winner: TestUser;
  let auctionId: string;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await createUser(t);
    winner = await createUser(t);
    auctionId = await soldByBuyNow(t, seller, winner);
    // 120 messages, one second apart, alternating senders.
    await t.app.get(DataSource).query(
      `INSERT INTO messages (auction_id, sender_id, receiver_id, content, created_at)
       SELECT $1, CASE WHEN i % 2 = 0 THEN $2::uuid ELSE $3::uuid END, CASE WHEN i % 2 = 0 THEN $3::uuid ELSE $2::uuid END,
              'رسالة ' || i || ' ' || repeat('ن', 1900), now() - make_interval(secs => 200 - i)
         FROM generate_series(1, 120) AS i`,
      [auctionId, seller.user.id, winner.user.id],
    );
  });
  afterAll(() => t.close());

  const thread = (query = '') => t.http().get(`/api/messages/auction/${auctionId}${query}`).set(winner.auth);
  const numbers = (body: { messages: { content: string }[] }) =>
    body.messages.map((m) => Number(m.content.split(' ')[1]));

  it('answers the newest page (oldest first inside it) with cursors, and older pages on request', async () => {
    const first = (await thread().expect(200)).body;
    expect(first.success).toBe(true);
    expect(numbers(first)).toEqual(Array.from({ length: 50 }, (_, i) => 71 + i));
    expect(first).toMatchObject({
      hasMore: true,
      nextCursor: first.messages[0].id,
      latestCursor: first.messages[49].id,
    });
    expect(first.messages[0]).toMatchObject({
      _id: expect.any(String),
      content: expect.any(String),
      isRead: expect.any(Boolean),
    });

    const second = (await thread(`?before=${first.nextCursor}&limit=60`).expect(200)).body;
    expect(numbers(second)).toEqual(Array.from({ length: 60 }, (_, i) => 11 + i));
    const third = (await thread(`?before=${second.nextCursor}&limit=100`).expect(200)).body;
    expect(numbers(third)).toEqual(Array.from({ length: 10 }, (_, i) => 1 + i));
    expect(third).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('polls only for what is new after a cursor', async () => {
    const first = (await thread().expect(200)).body;
    const idle = (await thread(`?after=${first.latestCursor}`).expect(200)).body;
    expect(idle).toMatchObject({ messages: [], hasMore: false, latestCursor: first.latestCursor });

    await t
      .http()
      .post('/api/messages')
      .set(seller.auth)
      .send({ auctionId, receiverId: winner.user.id, content: 'جديد' })
      .expect(201);
    const fresh = (await thread(`?after=${first.latestCursor}`).expect(200)).body;
    expect(fresh.messages.map((m: { content: string }) => m.content)).toEqual(['جديد']);
    expect(fresh.latestCursor).toBe(fresh.messages[0].id);
    // A poll is small: one message, not the 120-message (≈ 500 KB) thread.
    expect(JSON.stringify(fresh).length).toBeLessThan(5_000);
  });

  it('refuses a limit over the maximum, a foreign cursor and both directions at once', async () => {
    expect((await thread('?limit=1000').expect(400)).body.code).toBe('VALIDATION_ERROR');
    expect((await thread('?limit=1.5').expect(400)).body.code).toBe('VALIDATION_ERROR');
    const other = await soldByBuyNow(t, seller, winner);
    const foreign = (await t.http().get(`/api/messages/auction/${other}`).set(winner.auth).expect(200)).body;
    expect(foreign.latestCursor).toBeNull();
    const page = (await thread().expect(200)).body;
    expect(
      (await t.http().get(`/api/messages/auction/${other}?after=${page.latestCursor}`).set(winner.auth).expect(400))
        .body.code,
    ).toBe('VALIDATION_ERROR');
    expect((await thread(`?after=${page.latestCursor}&before=${page.nextCursor}`).expect(400)).body.code).toBe(
      'VALIDATION_ERROR',
    );
  });
});
