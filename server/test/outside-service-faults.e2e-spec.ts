import type { Queue } from 'bullmq';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { NotificationKind, type Notification } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import webpush from 'web-push';
import { Deliveries } from '../src/infrastructure/deliveries/deliveries.service';
import type { DeliveryLaneName } from '../src/infrastructure/deliveries/delivery-lanes';
import { PushNoticeChannel } from '../src/notifications/channels/push/push.channel';
import { clientIp } from './support/auth';
import { deliveriesQueue } from './support/deliveries';
import { FakeTelegramBotApi } from './support/fake-telegram';
import { FAULTS, type Fault, FaultyHttpsService, FaultySmtpServer, watchMemory } from './support/faulty-services';
import { waitForMessages } from './support/outbox';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, uniqueEmail } from './support/users';

/**
 * Every outside service misbehaving in every way (test/support/faulty-services.ts: unresponsive,
 * trickling, cut, huge, bad TLS) while members ask for codes (docs/security.md, "Outside
 * services"). Whatever a push service, the Telegram Bot API or the SMTP server does:
 * - sign-up and reset codes still arrive within a few seconds (their own lanes);
 * - each stuck call ends at its deadline: every job's first attempt is over (failed, waiting for
 *   its retry) within a few deadlines, and the service sees its connections closed;
 * - memory stays bounded: a 150 MB answer grows this process by far less than 100 MB.
 * The deadline is a second here (OUTSIDE_CALL_DEADLINE), ten in production.
 */
const DEADLINE = '1s';
/** "Within a few seconds": a code that waited behind a stuck call would miss it. */
const CODE_WITHIN_MS = 5_000;
/** Jobs of one scenario go through their lane's 5 slots in two rounds of at most a deadline each. */
const FIRST_ATTEMPTS_WITHIN_MS = 8_000;
const MEMORY_BOUND_BYTES = 100 * 1024 * 1024;
/** More jobs than a lane has slots, so they also queue behind each other. */
const HOSTILE_JOBS = 6;

const VAPID = webpush.generateVAPIDKeys();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await sleep(25);
  }
}

/**
 * Every job of the lane has had its first attempt end: sent (a code's job is then gone), failed,
 * or waiting for its retry.
 */
async function firstAttemptsEnded(queue: Queue): Promise<boolean> {
  const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed']);
  return jobs.every((job) => job.attemptsMade >= 1 || job.finishedOn !== undefined);
}

/**
 * Empties the lanes (their retries included) once their running attempts ended; then no
 * connection that carried a call may still be open.
 */
async function quiet(queues: Queue[], service: { connectionsInUse: number }): Promise<void> {
  await until(
    async () => {
      for (const queue of queues) await queue.drain(true);
      const counts = await Promise.all(queues.map((q) => q.getJobCounts('waiting', 'active', 'delayed')));
      return counts.every((c) => c.waiting + c.active + c.delayed === 0);
    },
    'the lanes to empty',
    5_000,
  );
  for (const queue of queues) await queue.clean(0, 10_000, 'failed');
  // Every connection that carried a stuck call is closed: by the client, at its deadline (or by
  // the service, when it cut the answer).
  await until(() => service.connectionsInUse === 0, 'the client to close its connections', 3_000);
}

/** A sign-up code and a reset code, each read from `mailbox` (the code's text) within CODE_WITHIN_MS. */
async function codesArrive(t: TestApp, mailbox: (email: string) => Promise<string>): Promise<void> {
  const newcomer = await createUser(t, { isVerified: false });
  const member = await createUser(t);
  await t
    .http()
    .post('/api/otp/send-email-otp')
    .set('X-Forwarded-For', clientIp())
    .send({ identifier: newcomer.user.email })
    .expect(200);
  await t
    .http()
    .post('/api/auth/forgot-password')
    .set('X-Forwarded-For', clientIp())
    .send({ email: member.user.email })
    .expect(200);
  for (const text of await Promise.all([mailbox(newcomer.user.email), mailbox(member.user.email)]))
    expect(text).toMatch(/CODE: \d{6}/);
}

const fromOutbox = (t: TestApp) => async (email: string) =>
  (await waitForMessages(t.config.mailOutboxDir, email, 0, CODE_WITHIN_MS))[0].body;

describe('outside services that misbehave: codes still arrive, stuck calls end, memory stays bounded', () => {
  describe('a push service', () => {
    let t: TestApp;
    let service: FaultyHttpsService;
    beforeAll(async () => {
      service = await new FaultyHttpsService((_req, res) => res.writeHead(201).end()).start();
      t = await startTestApp({
        VAPID_PUBLIC_KEY: VAPID.publicKey,
        VAPID_PRIVATE_KEY: VAPID.privateKey,
        VAPID_SUBJECT: 'mailto:ops@mazad.jo',
        PUSH_EXTRA_ORIGINS: service.origin,
        OUTSIDE_CALL_DEADLINE: DEADLINE,
      });
    });
    afterAll(async () => {
      await t?.close();
      await service?.stop();
    });

    /** A browser's subscription on the faulty service (its keys made as a browser makes them). */
    const subscription = () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        endpoint: `${service.origin}/push/${randomBytes(8).toString('hex')}`,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
      };
    };
    const notice = (): Notification => {
      const id = randomUUID();
      const auctionId = randomUUID();
      return {
        _id: id,
        id,
        kind: NotificationKind.Outbid,
        title: 'تم تجاوز مزايدتك',
        body: 'السعر الآن 120.000 د.أ',
        link: { type: 'auction', auctionId },
        auctionId,
        amount: 120,
        createdAt: new Date().toISOString(),
        readAt: null,
      };
    };

    it.each(FAULTS)(
      '%s: a member with 10 devices on it and their notices hold neither codes nor notice e-mail',
      async (fault: Fault) => {
        service.fault = fault;
        const member = await createUser(t);
        // One 150 MB answer is the memory case; the others jam every slot of the push lane.
        const [devices, notices] = fault === 'huge' ? [1, 1] : [10, HOSTILE_JOBS];
        for (let i = 0; i < devices; i++)
          await t.http().post('/api/push/subscriptions').set(member.auth).send(subscription()).expect(200);
        const memory = watchMemory();
        const channel = t.app.get(PushNoticeChannel);
        for (let i = 0; i < notices; i++) await channel.enqueue({ userId: member.user.id, notification: notice() });

        const reader = uniqueEmail('reader');
        await t.app.get(Deliveries).noticeMail(`email-${randomUUID()}`, {
          to: reader,
          subject: 'مزاد: تم تجاوز مزايدتك',
          text: 'السعر الآن 120.000 د.أ',
        });
        await Promise.all([
          codesArrive(t, fromOutbox(t)),
          waitForMessages(t.config.mailOutboxDir, reader, 0, CODE_WITHIN_MS),
        ]);

        const push = deliveriesQueue(t, 'push');
        await until(
          () => firstAttemptsEnded(push),
          'every push job to end its first attempt',
          FIRST_ATTEMPTS_WITHIN_MS,
        );
        expect(memory.stop()).toBeLessThan(MEMORY_BOUND_BYTES);
        if (fault !== 'tls') expect(service.requests).toBeGreaterThan(0);
        await quiet([push], service);
      },
    );
  });

  describe('the Telegram Bot API', () => {
    let t: TestApp;
    let service: FaultyHttpsService;
    let chat = 880_000;
    beforeAll(async () => {
      service = await new FaultyHttpsService((_req, res) =>
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true,"result":{}}'),
      ).start();
      t = await startTestApp({
        TELEGRAM_API_URL: service.origin,
        TELEGRAM_BOT_TOKEN: '123456:faulty',
        OUTSIDE_CALL_DEADLINE: DEADLINE,
      });
    });
    afterAll(async () => {
      await t?.close();
      await service?.stop();
    });

    it.each(FAULTS)('%s: Telegram codes and notices hold no code by e-mail', async (fault: Fault) => {
      service.fault = fault;
      const memory = watchMemory();
      const deliveries = t.app.get(Deliveries);
      for (let i = 0; i < HOSTILE_JOBS; i++) {
        await deliveries.accountTelegram(String(++chat), 'رمز التحقق: 123456');
        await deliveries.noticeTelegram(`telegram-${randomUUID()}`, String(++chat), 'تم تجاوز مزايدتك');
      }
      await codesArrive(t, fromOutbox(t));

      const lanes: DeliveryLaneName[] = ['accountTelegram', 'noticeTelegram'];
      const queues = lanes.map((lane) => deliveriesQueue(t, lane));
      await until(
        async () => (await Promise.all(queues.map(firstAttemptsEnded))).every(Boolean),
        'every Telegram job to end its first attempt',
        FIRST_ATTEMPTS_WITHIN_MS,
      );
      expect(memory.stop()).toBeLessThan(MEMORY_BOUND_BYTES);
      if (fault !== 'tls') expect(service.requests).toBeGreaterThan(0);
      await quiet(queues, service);
    });
  });

  describe('the SMTP server', () => {
    let t: TestApp;
    let smtp: FaultySmtpServer;
    let bot: FakeTelegramBotApi;
    beforeAll(async () => {
      smtp = await new FaultySmtpServer().start();
      bot = await new FakeTelegramBotApi().start();
      t = await startTestApp({
        SMTP_URL: smtp.url,
        TELEGRAM_API_URL: bot.url,
        TELEGRAM_BOT_TOKEN: bot.token,
        OUTSIDE_CALL_DEADLINE: DEADLINE,
      });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.stop();
      await bot?.stop();
    });

    const fromSmtp = async (email: string) => {
      await until(() => smtp.mailsTo(email).length > 0, `a mail to ${email}`, CODE_WITHIN_MS);
      return smtp.mailsTo(email)[0].raw;
    };

    /** With a bad certificate no mail goes anywhere: the sign-up code arrives by Telegram, within the same bound. */
    const signUpCodeByTelegram = async () => {
      const newcomer = await createUser(t, { isVerified: false });
      const chatId = 990_000 + Math.floor(Math.random() * 9_000);
      await t.app
        .get(DataSource)
        .query(`UPDATE users SET telegram_chat_id = $2 WHERE id = $1`, [newcomer.user.id, chatId]);
      await t
        .http()
        .post('/api/otp/send-telegram-otp')
        .set('X-Forwarded-For', clientIp())
        .send({ identifier: newcomer.user.email })
        .expect(200);
      const [message] = await bot.waitForMessages(chatId, 0, CODE_WITHIN_MS);
      expect(message.text).toMatch(/\d{6}/);
    };

    it.each(FAULTS)(
      '%s (to some recipients; bad TLS for all): notice mail to them holds no code',
      async (fault: Fault) => {
        smtp.fault = fault;
        const memory = watchMemory();
        const deliveries = t.app.get(Deliveries);
        const hostile = Array.from({ length: HOSTILE_JOBS + 1 }, () => uniqueEmail('hostile').toLowerCase());
        for (const address of hostile) smtp.hostile.add(address);
        for (const to of hostile.slice(1))
          await deliveries.noticeMail(`email-${randomUUID()}`, { to, subject: 'مزاد: تنبيه', text: 'نص التنبيه' });
        // An account's own mail to such a recipient (its code lane) ends too.
        await deliveries.accountMail({ to: hostile[0], subject: 'رمز التحقق', text: 'CODE: 123456' });

        if (fault === 'tls') await signUpCodeByTelegram();
        else await codesArrive(t, fromSmtp);

        const queues = (['accountMail', 'noticeMail'] as const).map((lane) => deliveriesQueue(t, lane));
        await until(
          async () => (await Promise.all(queues.map(firstAttemptsEnded))).every(Boolean),
          'every mail job to end its first attempt',
          FIRST_ATTEMPTS_WITHIN_MS,
        );
        expect(memory.stop()).toBeLessThan(MEMORY_BOUND_BYTES);
        for (const address of hostile) expect(smtp.mailsTo(address)).toEqual([]);
        await quiet(queues, smtp);
      },
    );
  });
});
