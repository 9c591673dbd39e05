import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { clientIp } from './support/auth';
import { connectSocket } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * Rotating JWT_SECRET (docs/runbook.md, "Rotating JWT_SECRET"): a replica started with the new
 * JWT_SECRET and the old one as JWT_PREVIOUS_SECRET keeps the sessions the old secret signed, over
 * HTTP and on the socket; one started without JWT_PREVIOUS_SECRET does not.
 */
describe('JWT_SECRET rotation with JWT_PREVIOUS_SECRET', () => {
  const OLD_SECRET = 'old-secret-of-the-rotation-test-0123456789';
  const NEW_SECRET = 'new-secret-of-the-rotation-test-0123456789';
  let rotating: TestApp;
  let rotated: TestApp;
  let member: TestUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    rotating = await startTestApp({ JWT_SECRET: NEW_SECRET, JWT_PREVIOUS_SECRET: OLD_SECRET });
    rotated = await startTestApp({ JWT_SECRET: NEW_SECRET });
    member = await createUser(rotating);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await Promise.all([rotating?.close(), rotated?.close()]);
  });

  /** A session of the member as a replica with this secret would have issued it. */
  const sessionSignedWith = (secret: string) =>
    new JwtService({ secret }).sign(
      { sub: member.user.id, tv: member.user.tokenVersion },
      { jwtid: randomUUID(), expiresIn: 3600, algorithm: 'HS256' },
    );
  const me = (t: TestApp, token: string) => t.http().get('/api/auth/me').set('Authorization', `Bearer ${token}`);
  /** The code a bid on an unknown auction is refused with: TOKEN_INVALID when the socket's token did not hold. */
  async function socketBidRefusal(t: TestApp, token: string): Promise<string> {
    const socket = await connectSocket(t.url, token);
    sockets.push(socket);
    const ack = await socket
      .timeout(10_000)
      .emitWithAck('place_bid', { auctionId: randomUUID(), amount: 10, idempotencyKey: randomUUID() });
    return ack.code;
  }

  it('accepts a session signed with the previous secret, over HTTP and on the socket', async () => {
    const token = sessionSignedWith(OLD_SECRET);
    expect((await me(rotating, token).expect(200)).body.user._id).toBe(member.user.id);
    expect(await socketBidRefusal(rotating, token)).toBe('AUCTION_NOT_FOUND');
  });

  it('refuses a session signed with neither secret: 401 TOKEN_INVALID, on the socket too', async () => {
    const token = sessionSignedWith('a-third-secret-nobody-configured-0123456789');
    expect((await me(rotating, token).expect(401)).body.code).toBe('TOKEN_INVALID');
    expect(await socketBidRefusal(rotating, token)).toBe('TOKEN_INVALID');
  });

  it('without JWT_PREVIOUS_SECRET, refuses the old sessions and keeps the new ones', async () => {
    expect((await me(rotated, sessionSignedWith(OLD_SECRET)).expect(401)).body.code).toBe('TOKEN_INVALID');
    expect(await socketBidRefusal(rotated, sessionSignedWith(OLD_SECRET))).toBe('TOKEN_INVALID');
    // A login on the rotating replica is signed with the new secret: the rotated one accepts it.
    const login = await rotating
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', clientIp())
      .send({ email: member.user.email, password: member.password })
      .expect(200);
    await me(rotated, login.body.token).expect(200);
  });
});
