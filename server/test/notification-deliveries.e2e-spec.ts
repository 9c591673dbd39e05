import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  ERROR_MESSAGES,
  NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesResult,
} from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { UNSUBSCRIBE_LINK_DAYS, UnsubscribeTokens } from '../src/notifications/channels/email/unsubscribe-token';
import { notices } from '../src/notifications/notices';
import { Notifier } from '../src/notifications/notifier';
import { createAuction, eventually } from './support/auctions';
import { FakeTelegramBotApi } from './support/fake-telegram';
import { messagesTo, type OutboxMessage } from './support/outbox';
import { ProcessCluster } from './support/process-cluster';
import { soldByBidding } from './support/sales';
import { startTestApp, TEST_JWT_SECRET, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

const PREFERENCES = '/api/users/me/notification-preferences';
/** Notices' e-mails, told apart from the account's code e-mails by their subject. */
const noticeMails = (outbox: string, email: string): OutboxMessage[] =>
  messagesTo(outbox, email).filter((m) => m.subject.startsWith('مزاد: '));
const unsubscribeUrlIn = (mail: OutboxMessage): URL => {
  const match = /لإيقاف رسائل هذا النوع: (\S+)/.exec(mail.body);
  if (!match) throw new Error(`No unsubscribe link in ${mail.file}`);
  return new URL(match[1]);
};
const DAY_MS = 24 * 3600 * 1000;
/** Long enough for a delivery that should not happen to have landed in the outbox. */
const settle = () => new Promise((r) => setTimeout(r, 1_500));

/**
 * Notices outside the bell (docs/notifications.md): the preferences API, e-mail for the
 * interrupting kinds only, a preference that stops it, the one-click unsubscribe, and each
 * delivery queued once per notice, on a repeated event and across two server processes.
 */
describe('notification deliveries', () => {
  let t: TestApp;
  let seller: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await createUser(t, { name: 'البائع' });
    alice = await createUser(t, { name: 'أليس' });
    bob = await createUser(t, { name: 'باسم' });
  });
  afterAll(() => t.close());

  const outbox = () => t.config.mailOutboxDir;
  const preferencesOf = async (who: TestUser): Promise<NotificationPreferences> =>
    ((await t.http().get(PREFERENCES).set(who.auth).expect(200)).body as NotificationPreferencesResult).preferences;
  const bid = (id: string, who: TestUser, amount: number) =>
    t.http().post(`/api/auctions/${id}/bid`).set(who.auth).send({ amount }).expect(200);

  describe('preferences API', () => {
    it('defaults: outbid, ending soon and won on every channel, sold and new message by e-mail and push, the rest (a bid an operator cancelled among them) off; 15 minutes', async () => {
      const prefs = await preferencesOf(alice);
      expect(prefs.endingSoonLeadMinutes).toBe(15);
      const on = Object.entries(prefs.channels)
        .filter(([, c]) => c.email && c.telegram && c.push)
        .map(([kind]) => kind);
      expect(on.sort()).toEqual(['ending_soon', 'outbid', 'won']);
      expect(prefs.channels.sold).toEqual({ email: true, push: true, telegram: false });
      expect(prefs.channels.new_message).toEqual({ email: true, push: true, telegram: false });
      const off = Object.entries(prefs.channels)
        .filter(([, c]) => !c.email && !c.telegram && !c.push)
        .map(([kind]) => kind);
      expect(off.sort()).toEqual(['bid_cancelled', 'deal_confirmed', 'no_sale', 'rated']);
    });

    it('only for a signed-in member, each their own', async () => {
      await t.http().get(PREFERENCES).expect(401);
      await t.http().put(PREFERENCES).send({}).expect(401);
      const mine = await preferencesOf(bob);
      mine.channels.rated.email = true;
      mine.endingSoonLeadMinutes = 60;
      const saved = await t.http().put(PREFERENCES).set(bob.auth).send(mine).expect(200);
      expect(saved.body.preferences).toEqual(mine);
      expect(await preferencesOf(bob)).toEqual(mine);
      expect((await preferencesOf(alice)).channels.rated.email).toBe(false);
      expect((await preferencesOf(alice)).endingSoonLeadMinutes).toBe(15);
    });

    it('refuses a partial matrix, a non-boolean, an unknown lead time or field, in Arabic', async () => {
      const valid = await preferencesOf(alice);
      const { rated: _rated, ...missingKind } = valid.channels;
      const cases: [object, string][] = [
        [{ ...valid, channels: missingKind }, 'VALIDATION_ERROR'],
        [
          { ...valid, channels: { ...valid.channels, won: { email: 'yes', telegram: true, push: true } } },
          'VALIDATION_ERROR',
        ],
        [
          { ...valid, channels: { ...valid.channels, won: { email: true, telegram: true, push: true, sms: true } } },
          'VALIDATION_ERROR',
        ],
        [{ ...valid, endingSoonLeadMinutes: 7 }, 'VALIDATION_ERROR'],
        [{ ...valid, extra: 1 }, 'UNKNOWN_FIELD'],
      ];
      for (const [body, code] of cases) {
        const res = await t.http().put(PREFERENCES).set(alice.auth).send(body).expect(400);
        expect(res.body.code).toBe(code);
        expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
      }
      expect(await preferencesOf(alice)).toEqual(valid);
    });
  });

  describe('e-mail', () => {
    it('outbid, won and sold are e-mailed in Arabic with the link and the unsubscribe headers', async () => {
      const id = await soldByBidding(t, seller, bob, [alice]);
      const [outbid] = await eventually(async () => {
        const mails = noticeMails(outbox(), alice.user.email);
        return mails.length > 0 && mails;
      });
      expect(outbid.subject).toBe('مزاد: تم تجاوز مزايدتك');
      expect(outbid.body).toContain(`${t.config.publicOrigin}/auction/${id}`);
      expect(outbid.body).toContain('dir="rtl"');
      const raw = readFileSync(outbid.file, 'utf8').replace(/\r?\n[ \t]+/g, ' ');
      expect(raw).toMatch(/^List-Unsubscribe: +<https?:\/\/[^>]+\/api\/notifications\/unsubscribe\?token=[^>]+>/m);
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      const [won] = await eventually(async () => {
        const mails = noticeMails(outbox(), bob.user.email).filter((m) => m.subject === 'مزاد: مبروك، فزت بالمزاد');
        return mails.length > 0 && mails;
      });
      expect(won.body).toContain(`${t.config.publicOrigin}/messages?auction=${id}`);
      // The seller, who never chose, hears of the sale by e-mail too (the next step is theirs).
      const [sold] = await eventually(async () => {
        const mails = noticeMails(outbox(), seller.user.email).filter((m) => m.subject === 'مزاد: تم بيع مزادك');
        return mails.length > 0 && mails;
      });
      expect(sold.body).toContain(`${t.config.publicOrigin}/messages?auction=${id}`);
    });

    it('by default the buyer’s message reaches the seller by e-mail; a seller who turned it off keeps their choice', async () => {
      const quiet = await createUser(t, { name: 'بائع هادئ' });
      const mine = await preferencesOf(quiet);
      mine.channels.sold.email = false;
      mine.channels.new_message.email = false;
      await t.http().put(PREFERENCES).set(quiet.auth).send(mine).expect(200);
      const buyer = await createUser(t, { name: 'مشترٍ' });
      const loud = await createUser(t, { name: 'بائع جديد' });
      for (const who of [loud, quiet]) {
        const id = await soldByBidding(t, who, buyer);
        await t
          .http()
          .post('/api/messages')
          .set(buyer.auth)
          .send({ auctionId: id, receiverId: who.user.id, content: 'متى نلتقي؟' })
          .expect(201);
      }
      await eventually(async () => {
        const subjects = noticeMails(outbox(), loud.user.email).map((m) => m.subject);
        return subjects.includes('مزاد: تم بيع مزادك') && subjects.includes('مزاد: رسالة جديدة');
      });
      // The quiet seller's notices are stored (in the bell) like anyone's, just not e-mailed.
      await eventually(async () => {
        const [{ n }] = await t.app
          .get(DataSource)
          .query(
            `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind IN ('sold', 'new_message')`,
            [quiet.user.id],
          );
        return n === 2;
      });
      await settle();
      expect(noticeMails(outbox(), quiet.user.email)).toEqual([]);
    });

    it('a conversation interrupts once: later messages wait in the bell until the member reads it', async () => {
      const buyer = await createUser(t, { name: 'مشترٍ كثير الكلام' });
      const busy = await createUser(t, { name: 'بائع مشغول' });
      const id = await soldByBidding(t, busy, buyer);
      const say = (content: string) =>
        t
          .http()
          .post('/api/messages')
          .set(buyer.auth)
          .send({ auctionId: id, receiverId: busy.user.id, content })
          .expect(201);
      const messageMails = () =>
        noticeMails(outbox(), busy.user.email).filter((m) => m.subject === 'مزاد: رسالة جديدة');
      for (const content of ['مرحباً', 'هل ما زالت متوفرة؟', 'متى نلتقي؟']) await say(content);
      await eventually(async () => messageMails().length >= 1);
      await settle();
      expect(messageMails()).toHaveLength(1);
      // All three are in the bell.
      const unread = (await t.http().get('/api/notifications').set(busy.auth).expect(200)).body.notifications.filter(
        (n: { kind: string; readAt: string | null }) => n.kind === 'new_message' && !n.readAt,
      );
      expect(unread).toHaveLength(3);
      // Read, the next message interrupts again.
      await t.http().post('/api/notifications/read-all').set(busy.auth).expect(200);
      await say('أنا في الطريق');
      await eventually(async () => messageMails().length === 2);
    });

    it('a preference turned off stops that kind by e-mail; turned on, it comes', async () => {
      const carol = await createUser(t, { name: 'كارول' });
      const prefs = await preferencesOf(carol);
      prefs.channels.outbid.email = false;
      await t.http().put(PREFERENCES).set(carol.auth).send(prefs).expect(200);
      const a = await createAuction(t, seller, { startingPrice: 10, schedule: false });
      await bid(a.id, carol, 11);
      await bid(a.id, alice, 12);
      await eventually(async () => {
        const [{ n }] = await t.app
          .get(DataSource)
          .query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'outbid'`, [
            carol.user.id,
          ]);
        return n === 1;
      });
      await settle();
      expect(noticeMails(outbox(), carol.user.email)).toEqual([]);
      prefs.channels.sold.email = true;
      await t
        .http()
        .put(PREFERENCES)
        .set(seller.auth)
        .send({ ...(await preferencesOf(seller)), channels: prefs.channels })
        .expect(200);
      await soldByBidding(t, seller, bob);
      await eventually(async () =>
        noticeMails(outbox(), seller.user.email).some((m) => m.subject === 'مزاد: تم بيع مزادك'),
      );
    });

    it("the unsubscribe link: GET only asks; POST without a session turns off exactly that kind's e-mail", async () => {
      const [mail] = noticeMails(outbox(), alice.user.email);
      const url = unsubscribeUrlIn(mail);
      const target = `${url.pathname}${url.search}`;
      const page = await t.http().get(target).expect(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.text).toContain('<form method="post"');
      expect((await preferencesOf(alice)).channels.outbid.email).toBe(true);
      // What a mail client sends for the one-click button (RFC 8058).
      const done = await t.http().post(target).type('form').send('List-Unsubscribe=One-Click').expect(200);
      expect(done.body).toMatchObject({ success: true, kind: 'outbid' });
      await t.http().post(target).type('form').send('List-Unsubscribe=One-Click').expect(200);
      const after = await preferencesOf(alice);
      expect(after.channels.outbid).toEqual({ email: false, telegram: true, push: true });
      expect(after.channels.won.email).toBe(true);
      expect(after.channels.ending_soon.email).toBe(true);
    });

    it('a forged or malformed token is 400 UNSUBSCRIBE_TOKEN_INVALID and changes nothing', async () => {
      const forged = `${bob.user.id}.won.${'0'.repeat(64)}`;
      for (const token of [forged, 'x', `${bob.user.id}.nonsense.${'0'.repeat(64)}`]) {
        const res = await t
          .http()
          .post(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`)
          .expect(400);
        expect(res.body).toMatchObject({
          code: 'UNSUBSCRIBE_TOKEN_INVALID',
          message: ERROR_MESSAGES.UNSUBSCRIBE_TOKEN_INVALID,
        });
        expect(res.body.message).toContain('إعدادات الإشعارات');
        await t
          .http()
          .get(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`)
          .expect(400);
      }
      await t.http().post('/api/notifications/unsubscribe').expect(400);
      expect((await preferencesOf(bob)).channels.won.email).toBe(true);
    });

    it('a link past its UNSUBSCRIBE_LINK_DAYS, or mailed before links expired, is 410 UNSUBSCRIBE_LINK_EXPIRED in Arabic and changes nothing', async () => {
      const tokens = t.app.get(UnsubscribeTokens);
      const expired = tokens.sign(bob.user.id, NotificationKind.Won, Date.now() - (UNSUBSCRIBE_LINK_DAYS + 1) * DAY_MS);
      // The format of the links mailed before: genuine (the same key), without an expiry.
      const named = `${bob.user.id}.${NotificationKind.Won}`;
      const key = createHmac('sha256', TEST_JWT_SECRET).update('mazad:notice-unsubscribe').digest();
      const undated = `${named}.${createHmac('sha256', key).update(named).digest('hex')}`;
      for (const token of [expired, undated]) {
        const target = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
        const res = await t.http().post(target).type('form').send('List-Unsubscribe=One-Click').expect(410);
        expect(res.body).toMatchObject({
          code: 'UNSUBSCRIBE_LINK_EXPIRED',
          message: ERROR_MESSAGES.UNSUBSCRIBE_LINK_EXPIRED,
        });
        // Says where else to turn the e-mail off.
        expect(res.body.message).toContain('إعدادات الإشعارات');
        expect((await t.http().get(target).expect(410)).body.code).toBe('UNSUBSCRIBE_LINK_EXPIRED');
      }
      expect((await preferencesOf(bob)).channels.won.email).toBe(true);
    });

    it('a repeated event, notified twice at once, is one notice and one e-mail', async () => {
      const dana = await createUser(t, { name: 'دانة' });
      const a = await createAuction(t, seller, { startingPrice: 10, schedule: false });
      const draft = notices.won(dana.user.id, { auctionId: a.id, title: 'مزاد مكرر', priceFils: 10_000 });
      const notifier = t.app.get(Notifier);
      await Promise.all([notifier.notify([draft]), notifier.notify([draft]), notifier.notify([draft])]);
      await eventually(async () => noticeMails(outbox(), dana.user.email).length > 0);
      await settle();
      expect(noticeMails(outbox(), dana.user.email)).toHaveLength(1);
    });
  });
});

describe('notices by Telegram', () => {
  let t: TestApp;
  let bot: FakeTelegramBotApi;
  let seller: TestUser;
  let chat = 777_000;

  beforeAll(async () => {
    bot = await new FakeTelegramBotApi().start();
    t = await startTestApp({ TELEGRAM_API_URL: bot.url, TELEGRAM_BOT_TOKEN: bot.token });
    seller = await createUser(t, { name: 'البائع' });
  });
  afterAll(async () => {
    await t.close();
    await bot.stop();
  });

  /** A member whose Telegram is linked (as the auth feature's binding stores it). */
  const linked = async (name: string): Promise<{ user: TestUser; chatId: number }> => {
    const user = await createUser(t, { name });
    const chatId = ++chat;
    await t.app.get(DataSource).query(`UPDATE users SET telegram_chat_id = $2 WHERE id = $1`, [user.user.id, chatId]);
    return { user, chatId };
  };
  const wonDraft = async (who: TestUser, title: string) => {
    const a = await createAuction(t, seller, { startingPrice: 10, schedule: false });
    return notices.won(who.user.id, { auctionId: a.id, title, priceFils: 10_000 });
  };

  it('only to a member who linked Telegram, with the link to the notice', async () => {
    const { user: lina, chatId } = await linked('لينا');
    const plain = await createUser(t, { name: 'بلا تيليجرام' });
    const linkedOf = async (who: TestUser) =>
      (await t.http().get(PREFERENCES).set(who.auth).expect(200)).body.telegramLinked as boolean;
    expect([await linkedOf(lina), await linkedOf(plain)]).toEqual([true, false]);
    const a = await createAuction(t, seller, { startingPrice: 10, schedule: false });
    await t.http().post(`/api/auctions/${a.id}/bid`).set(plain.auth).send({ amount: 11 }).expect(200);
    await t.http().post(`/api/auctions/${a.id}/bid`).set(lina.auth).send({ amount: 12 }).expect(200);
    await t.http().post(`/api/auctions/${a.id}/bid`).set(plain.auth).send({ amount: 13 }).expect(200);
    const [message] = await bot.waitForMessages(chatId);
    expect(message.text).toContain('تم تجاوز مزايدتك');
    expect(message.text).toContain(`${t.config.publicOrigin}/auction/${a.id}`);
    await settle();
    // The member without Telegram was outbid too, and only the linked chat heard anything.
    expect(bot.sent.map((m) => String(m.chat_id))).toEqual([String(chatId)]);
  });

  it('one message a second per chat', async () => {
    const { user: omar, chatId } = await linked('عمر');
    const drafts = await Promise.all(['أ', 'ب', 'ج'].map((title) => wonDraft(omar, title)));
    await t.app.get(Notifier).notify(drafts);
    const messages = await bot.waitForMessages(chatId, 2, 10_000);
    expect(messages).toHaveLength(3);
    const gaps = messages.slice(1).map((m, i) => m.at - messages[i].at);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(900);
  });

  it('at most 30 messages in any second overall (the queue limiter), all delivered', async () => {
    const members = await Promise.all(Array.from({ length: 40 }, (_, i) => linked(`عضو ${i}`)));
    const before = bot.sent.length;
    const drafts = await Promise.all(members.map(({ user }) => wonDraft(user, 'حد عام')));
    await t.app.get(Notifier).notify(drafts);
    await eventually(async () => bot.sent.length - before >= 40, 20_000);
    const times = bot.sent.slice(before).map((m) => m.at);
    const busiestSecond = Math.max(
      ...times.map((start) => times.filter((x) => x >= start && x < start + 1_000).length),
    );
    // Telegram's limit is about 30 a second; the limiter aims at 25, evenly spaced.
    expect(busiestSecond).toBeLessThanOrEqual(30);
  }, 40_000);
});

describe('notification deliveries across two server processes', () => {
  const cluster = new ProcessCluster();
  beforeAll(() => cluster.open());
  afterAll(() => cluster.close());

  it('an ending-soon reminder both processes find due is e-mailed exactly once, at the member’s lead time', async () => {
    const seller = await cluster.member('بائع');
    const watcher = await cluster.member('متابع');
    const lastMinute = await cluster.member('في آخر لحظة');
    await Promise.all([cluster.start(), cluster.start()]);
    // Chosen before the auction is watched, which the sweeps may find due at once. Ten minutes
    // before the end: the default 15-minute stage is due, the 5-minute one is not.
    await cluster.db.query(`INSERT INTO notification_preferences (user_id, ending_soon_lead_minutes) VALUES ($1, 5)`, [
      lastMinute.id,
    ]);
    const id = await cluster.auction(seller.id, 10 * 60);
    await cluster.db.query(`INSERT INTO auction_watches (auction_id, user_id) VALUES ($1, $2), ($1, $3)`, [
      id,
      watcher.id,
      lastMinute.id,
    ]);
    const emailOf = async (id: string): Promise<string> =>
      (await cluster.db.query(`SELECT email FROM users WHERE id = $1`, [id]))[0].email;
    const [email, lastMinuteEmail] = await Promise.all([emailOf(watcher.id), emailOf(lastMinute.id)]);
    const outbox = cluster.env.MAIL_OUTBOX_DIR;
    await eventually(async () => noticeMails(outbox, email).length > 0, 45_000);
    await new Promise((r) => setTimeout(r, 3_000));
    const mails = noticeMails(outbox, email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('مزاد: مزاد على وشك الانتهاء');
    expect(noticeMails(outbox, lastMinuteEmail)).toEqual([]);
  }, 90_000);
});
