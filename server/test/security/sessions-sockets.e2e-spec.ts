import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { RealtimeGateway } from '../../src/realtime/realtime.gateway';
import { clientIp } from '../support/auth';
import { waitForNewCode } from '../support/outbox';
import { sendMessage, soldByBuyNow } from '../support/sales';
import { collect, connectSocket, nextEvent } from '../support/sockets';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

/**
 * R-PRIVATE-EVENTS (docs/security.md, "Sessions that really end"): an open socket ends with its session. After
 * logout-all, a password change, a password reset, an operator setting the password or
 * deleting the account, the member's sockets are closed on every replica and no longer hear
 * private chat messages; a socket whose token was revoked behind the server's back (no event)
 * is refused on its next event and closed by the periodic re-check.
 */
describe('security: sockets end with the session', () => {
  let t: TestApp;
  /** A second replica: same database, same Redis prefix (the adapter's channels and the queues). */
  let replica: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    replica = await startTestApp({
      DATABASE_URL: t.config.databaseUrl,
      REDIS_PREFIX: t.config.redisPrefix,
      // Either replica's worker may deliver a queued code: they share the outbox, as replicas do.
      MAIL_OUTBOX_DIR: t.config.mailOutboxDir,
    });
  });
  afterAll(async () => {
    await replica.close();
    await t.close();
  });

  const sockets: Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });

  /** A seller and a buyer of a sold auction: the seller may message the buyer. */
  async function conversation() {
    const seller = await createUser(t);
    const buyer = await createUser(t, { password: 'buyer-password' });
    const auctionId = await soldByBuyNow(t, seller, buyer);
    const message = (text: string) =>
      sendMessage(t, seller, { auctionId, receiverId: buyer.user.id, content: text }).expect(201);
    return { seller, buyer, auctionId, message };
  }

  /** The buyer's socket on `app`, proven to hear private messages before the session ends. */
  async function listeningSocket(app: TestApp, who: TestUser, message: (text: string) => unknown) {
    const socket = await connectSocket(app.url, who.token);
    sockets.push(socket);
    const first = nextEvent(socket, 'new_message', (m) => m.content === 'before');
    await message('before');
    await first;
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    return { socket, closed, heard: collect(socket, 'new_message') };
  }

  async function expectDeaf(
    s: { socket: Socket; closed: Promise<string>; heard: { content: string }[] },
    message: (text: string) => unknown,
  ) {
    expect(await s.closed).toBe('io server disconnect');
    expect(s.socket.connected).toBe(false);
    await message('after');
    // The message went out; the closed socket heard nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(s.heard.map((m) => m.content)).not.toContain('after');
  }

  it('logout-all on one replica closes the member’s sockets on the other replica', async () => {
    const c = await conversation();
    const s = await listeningSocket(replica, c.buyer, c.message);
    await t.http().post('/api/auth/logout-all').set(c.buyer.auth).expect(200);
    await expectDeaf(s, c.message);
  });

  it('a password change closes the member’s sockets', async () => {
    const c = await conversation();
    const s = await listeningSocket(t, c.buyer, c.message);
    await t
      .http()
      .put('/api/users/change-credentials')
      .set(c.buyer.auth)
      .send({ currentPassword: 'buyer-password', newPassword: 'new-password-1' })
      .expect(200);
    await expectDeaf(s, c.message);
  });

  it('a password reset closes the member’s sockets', async () => {
    const c = await conversation();
    const s = await listeningSocket(replica, c.buyer, c.message);
    const ip = clientIp();
    const handle = (
      await t
        .http()
        .post('/api/auth/forgot-password')
        .set('X-Forwarded-For', ip)
        .send({ email: c.buyer.user.email })
        .expect(200)
    ).body.userId;
    const code = await waitForNewCode(t.config.mailOutboxDir, c.buyer.user.email);
    await t
      .http()
      .post('/api/auth/reset-password')
      .set('X-Forwarded-For', ip)
      .send({ userId: handle, verificationAnswer: code, password: 'reset-password-1' })
      .expect(200);
    await expectDeaf(s, c.message);
  });

  it('an operator setting the password or deleting the account closes the member’s sockets', async () => {
    const admin = await createUser(t, { isAdmin: true, adminSession: true });
    const c = await conversation();
    const s = await listeningSocket(t, c.buyer, c.message);
    await t
      .http()
      .put(`/api/admin/users/${c.buyer.user.id}/password`)
      .set(admin.auth)
      .send({ newPassword: 'operator-set-1' })
      .expect(200);
    await expectDeaf(s, c.message);

    const d = await conversation();
    const gone = await listeningSocket(replica, d.buyer, d.message);
    await t.http().delete(`/api/admin/users/${d.buyer.user.id}`).set(admin.auth).expect(200);
    expect(await gone.closed).toBe('io server disconnect');
  });

  it('a socket whose token was retired without an event is refused on its next event and closed', async () => {
    const member = await createUser(t);
    const socket = await connectSocket(t.url, member.token);
    sockets.push(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    // Retired behind the server's back: no event, no broadcast.
    await t.app
      .get(DataSource)
      .query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [member.user.id]);
    const refused = nextEvent(socket, 'error');
    socket.emit('join_auction', '00000000-0000-4000-8000-000000000000');
    expect(await refused).toMatchObject({ code: 'TOKEN_INVALID' });
    expect(await closed).toBe('io server disconnect');
  });

  it('the periodic re-check closes a socket whose token was retired without an event', async () => {
    const member = await createUser(t);
    const visitor = await connectSocket(t.url);
    const socket = await connectSocket(t.url, member.token);
    sockets.push(socket, visitor);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await t.app
      .get(DataSource)
      .query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [member.user.id]);
    expect(await t.app.get(RealtimeGateway).sweep()).toBe(1);
    expect(await closed).toBe('io server disconnect');
    expect(visitor.connected).toBe(true);
  });
});
