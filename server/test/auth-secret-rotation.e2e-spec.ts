import { JwtService } from '@nestjs/jwt';
import { NotificationKind } from '@mazad/contracts';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { CodeSendThrottle } from '../src/auth/codes/code-send-throttle.service';
import { RateLimitService } from '../src/infrastructure/rate-limit/rate-limit.service';
import { RATE_LIMIT_POLICIES } from '../src/infrastructure/rate-limit/rate-limit.policies';
import { UnsubscribeTokens } from '../src/notifications/channels/email/unsubscribe-token';
import { clientIp } from './support/auth';
import { deliveriesSettled } from './support/deliveries';
import { messagesTo, waitForNewCode } from './support/outbox';
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

/**
 * What else JWT_SECRET makes (docs/runbook.md, "Rotating JWT_SECRET"): codes, reset handles and
 * unsubscribe links made by a replica before the switch still work on one after it, and counters
 * and known sign-in addresses kept under the names the previous secret gave them still count.
 * The two replicas share the database, the Redis prefix and the outbox, as in a rolling restart.
 */
describe('JWT_SECRET rotation: what the previous secret made still holds', () => {
  const OLD_SECRET = 'old-secret-of-the-rotation-test-0123456789';
  const NEW_SECRET = 'new-secret-of-the-rotation-test-0123456789';
  let before: TestApp;
  let after: TestApp;

  beforeAll(async () => {
    before = await startTestApp({ JWT_SECRET: OLD_SECRET });
    after = await startTestApp({
      JWT_SECRET: NEW_SECRET,
      JWT_PREVIOUS_SECRET: OLD_SECRET,
      REDIS_PREFIX: before.config.redisPrefix,
      MAIL_OUTBOX_DIR: before.config.mailOutboxDir,
    });
  });
  afterAll(async () => {
    await after?.close();
    await before?.close();
  });

  const outbox = () => before.config.mailOutboxDir;
  const post = (t: TestApp, path: string, body: object, ip = clientIp()) =>
    t.http().post(path).set('X-Forwarded-For', ip).send(body);

  it('a verification code sent before the switch opens the account after it', async () => {
    const member = await createUser(before, { isVerified: false });
    await post(before, '/api/otp/send-email-otp', { identifier: member.user.email }).expect(200);
    const code = await waitForNewCode(outbox(), member.user.email);
    const res = await post(after, '/api/otp/verify-otp', { identifier: member.user.email, otp: code, type: 'email' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ isVerified: true });
  });

  it('a password reset under way keeps its handle and its code across the switch', async () => {
    const member = await createUser(before, { password: 'old-password' });
    const handle = (await post(before, '/api/auth/forgot-password', { email: member.user.email }).expect(200)).body
      .userId;
    const code = await waitForNewCode(outbox(), member.user.email);
    // Asked again after the switch (within the resend cooldown): the same handle, no second code.
    const again = await post(after, '/api/auth/forgot-password', { email: member.user.email }).expect(200);
    expect(again.body.userId).toBe(handle);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await deliveriesSettled(after);
    expect(messagesTo(outbox(), member.user.email)).toHaveLength(1);

    await post(after, '/api/auth/reset-password', {
      userId: handle,
      verificationAnswer: code,
      password: 'new-password',
    }).expect(200);
    await post(after, '/api/auth/login', { email: member.user.email, password: 'new-password' }).expect(200);
  });

  it('an unsubscribe link mailed before the switch still turns its e-mail off', async () => {
    const member = await createUser(before);
    const token = before.app.get(UnsubscribeTokens).sign(member.user.id, NotificationKind.Won);
    const res = await after
      .http()
      .post(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`)
      .expect(200);
    expect(res.body).toMatchObject({ success: true, kind: NotificationKind.Won });
  });

  it('an address known before the switch stays known: the email ceiling spent elsewhere does not stop the owner there', async () => {
    const member = await createUser(before, { password: 'member-password' });
    const home = clientIp();
    await post(before, '/api/auth/login', { email: member.user.email, password: 'member-password' }, home).expect(200);
    const { points } = RATE_LIMIT_POLICIES['login-failures-email'];
    await after.app.get(RateLimitService).penalize('login-failures-email', member.user.email, points);
    const login = (ip: string) =>
      post(after, '/api/auth/login', { email: member.user.email, password: 'member-password' }, ip);
    expect((await login(clientIp()).expect(429)).body.code).toBe('LOGIN_RATE_LIMITED');
    await login(home).expect(200);
  });

  it("the resend cooldown, the hourly sends and the code checks counted under the previous secret's names still count", async () => {
    const limits = before.app.get(RateLimitService);
    const formerName = (identifier: string) => before.app.get(CodeSendThrottle).identifierKey(identifier);

    // The cooldown: a code sent before the switch holds the next one back for 60 s.
    const waiting = await createUser(before, { isVerified: false });
    await post(before, '/api/otp/send-email-otp', { identifier: waiting.user.email }).expect(200);
    const cooldown = await post(after, '/api/otp/send-email-otp', { identifier: waiting.user.email }).expect(429);
    expect(cooldown.body.code).toBe('OTP_COOLDOWN');

    // The hourly sends of an identifier.
    const sent = await createUser(before, { isVerified: false });
    await limits.penalize(
      'code-sends-identifier',
      formerName(sent.user.email),
      RATE_LIMIT_POLICIES['code-sends-identifier'].points,
    );
    const hourly = await post(after, '/api/otp/send-email-otp', { identifier: sent.user.email }).expect(429);
    expect(hourly.body.code).toBe('OTP_SEND_LIMIT');

    // The code checks of an identifier.
    const checked = await createUser(before, { isVerified: false });
    await limits.penalize(
      'code-checks-identifier',
      `to:${formerName(checked.user.email)}`,
      RATE_LIMIT_POLICIES['code-checks-identifier'].points,
    );
    const verify = await post(after, '/api/otp/verify-otp', {
      identifier: checked.user.email,
      otp: '123456',
      type: 'email',
    }).expect(429);
    expect(verify.body.code).toBe('RATE_LIMITED');
  });
});
