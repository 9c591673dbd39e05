import type { Socket } from 'socket.io-client';
import { clientIp } from '../support/auth';
import { sendMessage, soldByBuyNow } from '../support/sales';
import { collect, connectSocket, nextEvent } from '../support/sockets';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * R-TOKEN-REVOCATION (docs/security.md, "Sessions that really end"): POST /api/auth/logout revokes the token on the server (a deny list in PostgreSQL keyed
 * by the token's jti until its expiry), not only the browser's copy; logout-all still ends
 * every session.
 */
describe('security: logout ends the token on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const sockets: Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });

  const login = async (email: string, password: string) => {
    const res = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', clientIp())
      .send({ email, password })
      .expect(200);
    return res.body.token as string;
  };
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('the token is refused afterwards (HTTP); the member’s other sessions stay', async () => {
    const member = await createUser(t, { password: 'member-password' });
    const phone = await login(member.user.email, 'member-password');
    const laptop = await login(member.user.email, 'member-password');

    const res = await t.http().post('/api/auth/logout').set(bearer(phone)).expect(200);
    expect(res.body).toEqual({ success: true, message: expect.stringMatching(/[\u0600-\u06FF]/) });

    const refused = await t.http().get('/api/auth/me').set(bearer(phone)).expect(401);
    expect(refused.body).toMatchObject({ statusCode: 401, code: 'TOKEN_INVALID' });
    await t.http().post('/api/auth/logout').set(bearer(phone)).expect(401);
    await t.http().get('/api/auth/me').set(bearer(laptop)).expect(200);

    // logout-all still ends every session.
    await t.http().post('/api/auth/logout-all').set(bearer(laptop)).expect(200);
    await t.http().get('/api/auth/me').set(bearer(laptop)).expect(401);
  });

  it('the token is refused afterwards on sockets: its open socket closes, a new one is only a visitor', async () => {
    const seller = await createUser(t);
    const buyer = await createUser(t, { password: 'buyer-password' });
    const auctionId = await soldByBuyNow(t, seller, buyer);
    const message = (content: string) =>
      sendMessage(t, seller, { auctionId, receiverId: buyer.user.id, content }).expect(201);

    const token = await login(buyer.user.email, 'buyer-password');
    const other = await login(buyer.user.email, 'buyer-password');
    const open = await connectSocket(t.url, token);
    const kept = await connectSocket(t.url, other);
    sockets.push(open, kept);
    const heard = nextEvent(open, 'new_message', (m) => m.content === 'before');
    await message('before');
    await heard;

    const closed = new Promise<string>((resolve) => open.once('disconnect', resolve));
    await t.http().post('/api/auth/logout').set(bearer(token)).expect(200);
    expect(await closed).toBe('io server disconnect');

    // Reconnecting with the revoked token gives a visitor: no private room.
    const again = await connectSocket(t.url, token);
    sockets.push(again);
    const deaf = collect(again, 'new_message');
    const stillHeard = nextEvent(kept, 'new_message', (m) => m.content === 'after');
    await message('after');
    await stillHeard; // the other session's socket still hears it…
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(deaf).toEqual([]); // …the revoked token's does not.
  });
});
