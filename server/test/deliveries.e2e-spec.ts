import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { NotificationKind, type Notification } from '@mazad/contracts';
import webpush from 'web-push';
import { Deliveries } from '../src/infrastructure/deliveries/deliveries.service';
import { Metrics } from '../src/infrastructure/metrics';
import { PushNoticeChannel } from '../src/notifications/channels/push/push.channel';
import { clientIp } from './support/auth';
import { deliveriesQueue, deliveriesSettled } from './support/deliveries';
import { FakeSmtpServer } from './support/fake-smtp';
import { FakeTelegramBotApi } from './support/fake-telegram';
import { FaultyHttpsService } from './support/faulty-services';
import { messagesTo, waitForMessages, waitForNewCode } from './support/outbox';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, uniqueEmail } from './support/users';

/** Waits for `check` to hold (polling), failing after `timeoutMs`. */
async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const sendEmailCode = (app: TestApp, identifier: string) =>
  app.http().post('/api/otp/send-email-otp').set('X-Forwarded-For', clientIp()).send({ identifier });
const verify = (app: TestApp, identifier: string, otp: string) =>
  app.http().post('/api/otp/verify-otp').set('X-Forwarded-For', clientIp()).send({ identifier, otp, type: 'email' });
const codeIn = (text: string) => /CODE: (\d{6})/.exec(text)![1];

describe('deliveries: mail and Telegram messages are queued jobs with retries', () => {
  let t: TestApp;
  let smtp: FakeSmtpServer;
  let bot: FakeTelegramBotApi;

  beforeAll(async () => {
    smtp = await new FakeSmtpServer().start();
    bot = await new FakeTelegramBotApi().start();
    t = await startTestApp({ SMTP_URL: smtp.url, TELEGRAM_API_URL: bot.url, TELEGRAM_BOT_TOKEN: bot.token });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    await bot.stop();
  });

  it('a mail the SMTP server refuses twice (451) is sent on the third attempt, once, after the backoff', async () => {
    const member = await createUser(t, { isVerified: false });
    const address = member.user.email.toLowerCase();
    // Refused for this member only: another mail the app sends meanwhile must not take a refusal.
    smtp.refuseOnlyTo = address;
    smtp.refuseNext = 2;
    const attemptsBefore = smtp.attempts.length;
    await sendEmailCode(t, member.user.email).expect(200);
    await until(() => smtp.mailsTo(member.user.email).length > 0, 'the mail');
    await deliveriesSettled(t);

    expect(smtp.mailsTo(member.user.email)).toHaveLength(1);
    smtp.refuseOnlyTo = undefined;
    const attempts = smtp.attempts
      .slice(attemptsBefore)
      .filter((a) => a.to.includes(address))
      .map((a) => a.at);
    expect(attempts).toHaveLength(3);
    // Exponential backoff from 2 s: the retries wait at least 2 s, then 4 s (never sooner).
    expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(1_900);
    expect(attempts[2] - attempts[1]).toBeGreaterThanOrEqual(3_900);
    // The code that finally arrived is the live one.
    const code = codeIn(smtp.mailsTo(member.user.email)[0].raw);
    await verify(t, member.user.email, code).expect(200);
  }, 30_000);

  it('a Telegram message that fails twice (502) is sent on the third attempt, once', async () => {
    const digits = `7${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    const phone = `+962 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
    const member = await createUser(t, { phone, isVerified: false });
    bot.shareContact({ chatId: 77_001, fromId: 77_002, contactUserId: 77_002, phone });
    bot.transientFailures = 2;
    const sendsBefore = bot.calls.filter((c) => c === 'sendMessage').length;
    await t
      .http()
      .post('/api/otp/send-telegram-otp')
      .set('X-Forwarded-For', clientIp())
      .send({ identifier: member.user.email })
      .expect(200);
    await bot.waitForMessages(77_001, 0, 20_000);
    await deliveriesSettled(t);
    expect(bot.messagesTo(77_001)).toHaveLength(1);
    expect(bot.calls.filter((c) => c === 'sendMessage').length - sendsBefore).toBe(3);
  }, 30_000);

  it('the request answers before the mail is sent (the SMTP server holds it until after the answer)', async () => {
    const member = await createUser(t, { isVerified: false });
    smtp.holding = true;
    try {
      // Would time out if the request waited for the SMTP server.
      await sendEmailCode(t, member.user.email).expect(200);
      await until(() => smtp.heldCount === 1, 'the held mail');
      expect(smtp.mailsTo(member.user.email)).toHaveLength(0);
    } finally {
      smtp.release();
    }
    await until(() => smtp.mailsTo(member.user.email).length === 1, 'the released mail');
  });

  it('a mail that fails every attempt stays in the failed set without its text', async () => {
    const member = await createUser(t, { isVerified: false });
    const queue = deliveriesQueue(t);
    const failuresCounted = async () =>
      (await t.app.get(Metrics).queueFailures.get()).values.find((v) => v.labels.queue === queue.name)?.value ?? 0;
    const failuresBefore = await failuresCounted();
    smtp.refuseNext = 5;
    // The same job options, only with short delays so the five attempts fit in a test.
    const job = await queue.add(
      'mail',
      { channel: 'mail', message: { to: member.user.email, subject: 'رمز التحقق', text: 'CODE: 123456' } },
      { attempts: 5, backoff: { type: 'fixed', delay: 10 }, removeOnComplete: true, removeOnFail: 1_000 },
    );
    await deliveriesSettled(t);
    const failed = await queue.getJob(job.id!);
    expect(await failed!.getState()).toBe('failed');
    expect(failed!.attemptsMade).toBe(5);
    expect(failed!.data).toEqual({
      channel: 'mail',
      message: { to: member.user.email, subject: 'رمز التحقق', text: '[redacted]' },
    });
    expect(smtp.mailsTo(member.user.email)).toHaveLength(0);
    // mazad_queue_failures_total counts every failed attempt.
    expect((await failuresCounted()) - failuresBefore).toBe(5);
  });
});

describe('deliveries: only a process with the worker role sends them', () => {
  let api: TestApp;
  let worker: TestApp | undefined;

  beforeAll(async () => {
    api = await startTestApp({ MAZAD_ROLES: 'api' });
  });
  afterAll(async () => {
    await worker?.close();
    await api.close();
  });

  it('an api-only process queues the code; a worker process sharing its Redis delivers it', async () => {
    const member = await createUser(api, { isVerified: false });
    await sendEmailCode(api, member.user.email).expect(200);
    const queue = deliveriesQueue(api);
    expect(await queue.getWorkersCount()).toBe(0);
    expect((await queue.getJobCounts('waiting')).waiting).toBe(1);
    expect(messagesTo(api.config.mailOutboxDir, member.user.email)).toHaveLength(0);

    worker = await startTestApp({
      MAZAD_ROLES: 'worker',
      REDIS_PREFIX: api.config.redisPrefix,
      MAIL_OUTBOX_DIR: api.config.mailOutboxDir,
    });
    const code = await waitForNewCode(api.config.mailOutboxDir, member.user.email);
    await deliveriesSettled(api);
    expect(messagesTo(api.config.mailOutboxDir, member.user.email)).toHaveLength(1);
    await verify(api, member.user.email, code).expect(200);
  });
});

describe('deliveries: each lane has its own slots, so a code never waits behind a notice', () => {
  // The default deadline (10 s): a call the services hold keeps its slot longer than this test waits.
  let t: TestApp;
  let push: FaultyHttpsService;
  let telegram: FaultyHttpsService;
  const vapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    push = await new FaultyHttpsService((_req, res) => res.writeHead(201).end()).start();
    telegram = await new FaultyHttpsService((_req, res) => res.writeHead(200).end('{"ok":true,"result":{}}')).start();
    push.fault = 'unresponsive';
    telegram.fault = 'unresponsive';
    t = await startTestApp({
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@mazad.jo',
      PUSH_EXTRA_ORIGINS: push.origin,
      TELEGRAM_API_URL: telegram.origin,
      TELEGRAM_BOT_TOKEN: '123456:held',
    });
  });
  afterAll(async () => {
    // Closing the services ends the calls they hold, so the application closes at once.
    await push?.stop();
    await telegram?.stop();
    await t?.close();
  });

  it('while every push and Telegram slot is held, codes and a notice e-mail still go out at once', async () => {
    const member = await createUser(t);
    for (let i = 0; i < 10; i++) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const keys = { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
      const endpoint = `${push.origin}/push/${randomBytes(8).toString('hex')}`;
      await t.http().post('/api/push/subscriptions').set(member.auth).send({ endpoint, keys }).expect(200);
    }
    const deliveries = t.app.get(Deliveries);
    for (let i = 0; i < 6; i++) {
      const id = randomUUID();
      const notification: Notification = {
        _id: id,
        id,
        kind: NotificationKind.Outbid,
        title: 'تم تجاوز مزايدتك',
        body: 'السعر الآن 12.000 د.أ',
        link: { type: 'auction', auctionId: id },
        auctionId: id,
        amount: 12,
        createdAt: new Date().toISOString(),
        readAt: null,
      };
      await t.app.get(PushNoticeChannel).enqueue({ userId: member.user.id, notification });
      await deliveries.accountTelegram(String(70_000 + i), 'رمز التحقق: 123456');
      await deliveries.noticeTelegram(`telegram-${id}`, String(71_000 + i), 'تم تجاوز مزايدتك');
    }
    // Every slot of the three lanes is taken by a call the services never answer.
    await until(() => push.connectionsInUse >= 10 && telegram.connectionsInUse >= 10, 'the held calls', 10_000);
    for (const lane of ['push', 'accountTelegram', 'noticeTelegram'] as const)
      expect((await deliveriesQueue(t, lane).getJobCounts('active')).active).toBe(5);

    const newcomer = await createUser(t, { isVerified: false });
    const resetting = await createUser(t);
    const reader = uniqueEmail('reader');
    await sendEmailCode(t, newcomer.user.email).expect(200);
    await t
      .http()
      .post('/api/auth/forgot-password')
      .set('X-Forwarded-For', clientIp())
      .send({ email: resetting.user.email })
      .expect(200);
    await deliveries.noticeMail(`email-${randomUUID()}`, { to: reader, subject: 'مزاد: تنبيه', text: 'نص التنبيه' });
    const outbox = t.config.mailOutboxDir;
    for (const email of [newcomer.user.email, resetting.user.email, reader])
      await waitForMessages(outbox, email, 0, 3_000);
  }, 30_000);
});
