import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { DataSource } from 'typeorm';
import webpush from 'web-push';
import { NotificationKind, type Notification } from '@mazad/contracts';
import { PUSH_SUBSCRIPTIONS_PER_MEMBER, PushSubscriptions } from '../src/infrastructure/push/push-subscriptions';
import { PushNoticeChannel } from '../src/notifications/channels/push/push.channel';
import { deliveriesSettled } from './support/deliveries';
import { FakeDevice, FakePushService } from './support/fake-push';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

const VAPID = webpush.generateVAPIDKeys();
const VAPID_ENV = {
  VAPID_PUBLIC_KEY: VAPID.publicKey,
  VAPID_PRIVATE_KEY: VAPID.privateKey,
  VAPID_SUBJECT: 'mailto:ops@mazad.jo',
};

/** A stored notice, as the Notifier hands it to the channels. */
function notice(auctionId = randomUUID()): Notification {
  const id = randomUUID();
  return {
    _id: id,
    id,
    kind: NotificationKind.Outbid,
    title: 'تم تجاوز مزايدتك',
    body: 'مزايدة أعلى على "ساعة": السعر الآن 120.000 د.أ',
    link: { type: 'auction', auctionId },
    auctionId,
    amount: 120,
    createdAt: new Date().toISOString(),
    readAt: null,
  };
}

const subscription = (d: FakeDevice) => ({ endpoint: d.endpoint, expirationTime: null, keys: d.keys });

describe('Web Push: devices, and notices delivered by the push channel', () => {
  let t: TestApp;
  let push: FakePushService;
  let channel: PushNoticeChannel;

  beforeAll(async () => {
    push = await new FakePushService().start();
    t = await startTestApp({ ...VAPID_ENV, PUSH_EXTRA_ORIGINS: push.origin });
    channel = t.app.get(PushNoticeChannel);
  });
  afterAll(async () => {
    await t.close();
    await push.stop();
  });

  const subscribe = (member: TestUser, body: object) =>
    t.http().post('/api/push/subscriptions').set(member.auth).send(body);
  const devicesOf = (member: TestUser) => t.app.get(PushSubscriptions).ofMember(member.user.id);

  it('serves the VAPID public key to anyone', async () => {
    const res = await t.http().get('/api/push/vapid-public-key').expect(200);
    expect(res.body).toEqual({ publicKey: VAPID.publicKey });
  });

  it('subscribing and unsubscribing need a signed-in member', async () => {
    const device = push.device();
    await t.http().post('/api/push/subscriptions').send(subscription(device)).expect(401);
    await t.http().delete('/api/push/subscriptions').send({ endpoint: device.endpoint }).expect(401);
  });

  it('a device subscribes (idempotently) and unsubscribes; another member cannot remove it', async () => {
    const member = await createUser(t);
    const other = await createUser(t);
    const device = push.device();
    expect((await subscribe(member, subscription(device)).expect(200)).body).toEqual({ subscribed: true });
    await subscribe(member, subscription(device)).expect(200);
    expect(await devicesOf(member)).toEqual([{ endpoint: device.endpoint, keys: device.keys }]);

    await t.http().delete('/api/push/subscriptions').set(other.auth).send({ endpoint: device.endpoint }).expect(200);
    expect(await devicesOf(member)).toHaveLength(1);
    const res = await t.http().delete('/api/push/subscriptions').set(member.auth).send({ endpoint: device.endpoint });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ subscribed: false });
    expect(await devicesOf(member)).toEqual([]);
  });

  it.each([
    [
      'a plain-http endpoint',
      (d: FakeDevice) => ({ ...subscription(d), endpoint: d.endpoint.replace('https', 'http') }),
    ],
    ['a missing key', (d: FakeDevice) => ({ endpoint: d.endpoint, keys: { p256dh: d.keys.p256dh } })],
    ['a malformed p256dh', (d: FakeDevice) => ({ ...subscription(d), keys: { ...d.keys, p256dh: 'not-a-key' } })],
    [
      'an auth secret of the wrong size',
      (d: FakeDevice) => ({ ...subscription(d), keys: { ...d.keys, auth: 'AAAA' } }),
    ],
    ['no keys', (d: FakeDevice) => ({ endpoint: d.endpoint })],
  ])('refuses %s with an Arabic validation error', async (_what, body) => {
    const member = await createUser(t);
    const res = await subscribe(member, body(push.device())).expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(await devicesOf(member)).toEqual([]);
  });

  it.each([
    ['loopback on another port', () => `https://127.0.0.1:${Number(new URL(push.origin).port) + 1}/push/x`],
    ['the cloud metadata address', () => 'https://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => 'https://[::1]/push/x'],
    ['a private address', () => 'https://10.0.0.7/push/x'],
    ['a look-alike host', () => 'https://fcm.googleapis.com.evil.example/fcm/send/x'],
  ])('refuses an endpoint off the push services (%s): 400 naming the field, nothing stored', async (_what, at) => {
    const member = await createUser(t);
    const res = await subscribe(member, { ...subscription(push.device()), endpoint: at() }).expect(400);
    expect(res.body.code).toBe('PUSH_ENDPOINT_NOT_ALLOWED');
    expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(res.body.errors).toEqual([{ field: 'endpoint', message: res.body.message }]);
    expect(await devicesOf(member)).toEqual([]);
  });

  it("accepts a browser push service's endpoint (stored, as the browser gave it)", async () => {
    const member = await createUser(t);
    const device = { ...subscription(push.device()), endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}` };
    await subscribe(member, device).expect(200);
    expect(await devicesOf(member)).toEqual([{ endpoint: device.endpoint, keys: device.keys }]);
  });

  it("another member's endpoint moves only with its very keys (the same browser); otherwise 409, untouched", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const device = push.device();
    await subscribe(owner, subscription(device)).expect(200);

    const forged = { ...subscription(device), keys: push.device().keys };
    const refused = await subscribe(other, forged).expect(409);
    expect(refused.body.code).toBe('PUSH_ENDPOINT_TAKEN');
    expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(await devicesOf(owner)).toEqual([{ endpoint: device.endpoint, keys: device.keys }]);
    expect(await devicesOf(other)).toEqual([]);
    // A notice still reaches the owner's device, decrypted with the owner's keys.
    await channel.enqueue({ userId: owner.user.id, notification: notice() });
    await deliveriesSettled(t);
    expect(push.receivedBy(device)).toHaveLength(1);

    // The browser itself, signed in as the other member (a shared computer), moves it.
    await subscribe(other, subscription(device)).expect(200);
    expect(await devicesOf(owner)).toEqual([]);
    expect(await devicesOf(other)).toEqual([{ endpoint: device.endpoint, keys: device.keys }]);
  });

  it('a stored endpoint off the push services (saved before the rule) is never contacted, and is removed', async () => {
    // A listener where the stored endpoint points: a connection to it would be the forged request.
    const connections: number[] = [];
    const listener: Server = createServer((socket) => {
      connections.push(Date.now());
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    try {
      const member = await createUser(t);
      const kept = push.device();
      await subscribe(member, subscription(kept)).expect(200);
      const offList = `https://127.0.0.1:${(listener.address() as { port: number }).port}/internal`;
      await t.app
        .get(DataSource)
        .query(`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)`, [
          member.user.id,
          offList,
          kept.keys.p256dh,
          kept.keys.auth,
        ]);
      await channel.enqueue({ userId: member.user.id, notification: notice() });
      await deliveriesSettled(t);
      expect(connections).toEqual([]);
      expect(await devicesOf(member)).toEqual([{ endpoint: kept.endpoint, keys: kept.keys }]);
      expect(push.receivedBy(kept)).toHaveLength(1);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('refuses an unknown field', async () => {
    const member = await createUser(t);
    const res = await subscribe(member, { ...subscription(push.device()), extra: 1 }).expect(400);
    expect(res.body.code).toBe('UNKNOWN_FIELD');
  });

  it(`caps a member at ${PUSH_SUBSCRIPTIONS_PER_MEMBER} devices, even when they subscribe in parallel`, async () => {
    const member = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: PUSH_SUBSCRIPTIONS_PER_MEMBER + 5 }, () => subscribe(member, subscription(push.device()))),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(PUSH_SUBSCRIPTIONS_PER_MEMBER);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0].body.code).toBe('PUSH_SUBSCRIPTIONS_LIMIT');
    expect(await devicesOf(member)).toHaveLength(PUSH_SUBSCRIPTIONS_PER_MEMBER);
  });

  it("a notice reaches each of the member's devices, encrypted, in Arabic, with its link and tag", async () => {
    const member = await createUser(t);
    const phone = push.device();
    const laptop = push.device();
    await subscribe(member, subscription(phone)).expect(200);
    await subscribe(member, subscription(laptop)).expect(200);
    const n = notice();
    await channel.enqueue({ userId: member.user.id, notification: n });
    await deliveriesSettled(t);

    for (const device of [phone, laptop]) {
      const [got, ...more] = push.receivedBy(device);
      expect(more).toEqual([]);
      expect(got.payload).toEqual({
        title: n.title,
        body: n.body,
        url: `/auction/${n.auctionId}`,
        tag: `mazad-${n.id}`,
      });
      expect(got.headers['content-encoding']).toBe('aes128gcm');
      expect(String(got.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    }
  });

  it('the same notice queued again (parallel and later) is pushed once', async () => {
    const member = await createUser(t);
    const device = push.device();
    await subscribe(member, subscription(device)).expect(200);
    const delivery = { userId: member.user.id, notification: notice() };
    await Promise.all([channel.enqueue(delivery), channel.enqueue(delivery), channel.enqueue(delivery)]);
    await deliveriesSettled(t);
    await channel.enqueue(delivery);
    await deliveriesSettled(t);
    expect(push.receivedBy(device)).toHaveLength(1);
    expect(push.attempts.get(FakePushService.idOf(device))).toBe(1);
  });

  it('a device whose push service answers 410 (expired) is removed; the other device still gets it', async () => {
    const member = await createUser(t);
    const gone = push.device();
    const kept = push.device();
    await subscribe(member, subscription(gone)).expect(200);
    await subscribe(member, subscription(kept)).expect(200);
    push.answers.set(FakePushService.idOf(gone), [410]);
    await channel.enqueue({ userId: member.user.id, notification: notice() });
    await deliveriesSettled(t);
    expect(await devicesOf(member)).toEqual([{ endpoint: kept.endpoint, keys: kept.keys }]);
    expect(push.receivedBy(kept)).toHaveLength(1);
    expect(push.attempts.get(FakePushService.idOf(gone))).toBe(1);
  });

  it('a push service answering 500 is retried after the backoff, and only that device gets it again', async () => {
    const member = await createUser(t);
    const flaky = push.device();
    const fine = push.device();
    await subscribe(member, subscription(flaky)).expect(200);
    await subscribe(member, subscription(fine)).expect(200);
    push.answers.set(FakePushService.idOf(flaky), [500]);
    await channel.enqueue({ userId: member.user.id, notification: notice() });
    await deliveriesSettled(t, 15_000);
    expect(push.attempts.get(FakePushService.idOf(flaky))).toBe(2);
    expect(push.receivedBy(flaky)).toHaveLength(1);
    expect(push.attempts.get(FakePushService.idOf(fine))).toBe(1);
    expect(push.receivedBy(fine)).toHaveLength(1);
  }, 20_000);
});

describe('Web Push off (no VAPID keys)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('the key route and subscribing answer PUSH_OFF (404, in Arabic)', async () => {
    const res = await t.http().get('/api/push/vapid-public-key').expect(404);
    expect(res.body.code).toBe('PUSH_OFF');
    expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
    const member = await createUser(t);
    const body = { endpoint: 'https://push.example/x', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } };
    const sub = await t.http().post('/api/push/subscriptions').set(member.auth).send(body).expect(404);
    expect(sub.body.code).toBe('PUSH_OFF');
  });
});
