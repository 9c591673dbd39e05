import { DataSource } from 'typeorm';
import { CodeSendThrottle } from '../src/auth/codes/code-send-throttle.service';
import { RedisService } from '../src/infrastructure/redis/redis.service';
import { clientIp } from './support/auth';
import { deliveriesQueue, deliveriesSettled } from './support/deliveries';
import { FakeTelegramBotApi } from './support/fake-telegram';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, uniqueEmail } from './support/users';

let phoneCounter = 0;
/** A Jordanian mobile number no other test uses: `+962 7X XXX XXXX` and its local digits. */
function uniquePhone() {
  phoneCounter += 1;
  const digits = `7${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phoneCounter).padStart(2, '0')}`;
  return {
    international: `+962 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`,
    local: `0${digits}`,
    bare: `962${digits}`,
  };
}

describe('verification codes by Telegram (/api/otp)', () => {
  let t: TestApp;
  let bot: FakeTelegramBotApi;
  let telegramUserId = 5000;

  beforeAll(async () => {
    bot = await new FakeTelegramBotApi().start();
    t = await startTestApp({ TELEGRAM_API_URL: bot.url, TELEGRAM_BOT_TOKEN: bot.token });
  });
  afterAll(async () => {
    await t.close();
    await bot.stop();
  });

  const send = (identifier: string) =>
    t.http().post('/api/otp/send-telegram-otp').set('X-Forwarded-For', clientIp()).send({ identifier });
  const codeIn = (text: string) => /(\d{6})/.exec(text)![1];
  const storedChat = async (userId: string) =>
    (await t.app.get(DataSource).query('SELECT telegram_chat_id FROM users WHERE id = $1', [userId]))[0]
      .telegram_chat_id;
  const endCooldown = (identifier: string) =>
    t.app.get(RedisService).client.del(t.app.get(CodeSendThrottle).cooldownKey('verify', identifier));

  async function memberWithContact(options: { isVerified?: boolean } = {}) {
    const phone = uniquePhone();
    const member = await createUser(t, { phone: phone.international, isVerified: options.isVerified ?? false });
    const tgUser = ++telegramUserId;
    const chatId = tgUser * 10;
    bot.shareContact({ chatId, fromId: tgUser, contactUserId: tgUser, phone: phone.bare });
    return { member, phone, chatId };
  }

  it('reports Telegram as available when the bot is configured', async () => {
    const res = await t.http().get('/api/otp/available-services').expect(200);
    expect(res.body).toEqual({ success: true, services: { email: true, telegram: true } });
  });

  it('binds the chat through the shared contact, sends the code there, and verify-otp signs in', async () => {
    const { member, chatId } = await memberWithContact();
    const res = await send(member.user.email).expect(200);
    expect(res.body).toMatchObject({ success: true, message: expect.stringMatching(/تيليجرام/) });
    const messages = await bot.waitForMessages(chatId);
    expect(messages).toHaveLength(1);
    expect(messages[0].text).toMatch(/[\u0600-\u06FF]/);
    expect(await storedChat(member.user.id)).toBe(String(chatId));

    const verified = await t
      .http()
      .post('/api/otp/verify-otp')
      .set('X-Forwarded-For', clientIp())
      .send({ identifier: member.user.email, otp: codeIn(messages[0].text), type: 'telegram' })
      .expect(200);
    expect(verified.body).toMatchObject({
      success: true,
      token: expect.any(String),
      user: { _id: member.user.id, isVerified: true },
    });
    await t.http().get('/api/auth/me').set('Authorization', `Bearer ${verified.body.token}`).expect(200);
  });

  it('accepts the phone as identifier and reuses the stored chat without asking Telegram again', async () => {
    const { member, phone, chatId } = await memberWithContact();
    await send(member.user.email).expect(200);
    await endCooldown(member.user.email);
    const getUpdatesBefore = bot.calls.filter((c) => c === 'getUpdates').length;
    await send(phone.local).expect(200);
    expect(bot.calls.filter((c) => c === 'getUpdates').length).toBe(getUpdatesBefore);
    const messages = await bot.waitForMessages(chatId, 1);
    expect(messages).toHaveLength(2);
    // One code per account whatever the channel: the latest one verifies, also through /auth/verify.
    const res = await t
      .http()
      .post('/api/auth/verify')
      .set('X-Forwarded-For', clientIp())
      .send({ userId: member.user.id, verificationCode: codeIn(messages[1].text) })
      .expect(200);
    expect(res.body.user.isVerified).toBe(true);
  });

  it("refuses with 400 TELEGRAM_CHAT_NOT_FOUND when nobody shared the account's phone, or shared someone else's contact", async () => {
    const phone = uniquePhone();
    const member = await createUser(t, { phone: phone.international, isVerified: false });
    const none = await send(member.user.email).expect(400);
    expect(none.body).toMatchObject({ code: 'TELEGRAM_CHAT_NOT_FOUND', message: expect.stringMatching(/تيليجرام/) });

    // A contact forwarded by another Telegram user (contact.user_id !== from.id) does not bind.
    bot.shareContact({ chatId: 999_001, fromId: 999_002, contactUserId: 999_003, phone: phone.bare });
    const forwarded = await send(member.user.email).expect(400);
    expect(forwarded.body.code).toBe('TELEGRAM_CHAT_NOT_FOUND');
    expect(await storedChat(member.user.id)).toBeNull();
    await deliveriesSettled(t);
    expect(bot.messagesTo(999_001)).toHaveLength(0);

    // Once the member shares their own contact, it works (no cooldown was started by the refusals).
    bot.shareContact({ chatId: 999_010, fromId: 999_011, contactUserId: 999_011, phone: phone.local });
    await send(member.user.email).expect(200);
    expect(await bot.waitForMessages(999_010)).toHaveLength(1);
  });

  it('unknown identifiers and phones shared by several accounts are TELEGRAM_CHAT_NOT_FOUND', async () => {
    expect((await send(uniqueEmail('ghost')).expect(400)).body.code).toBe('TELEGRAM_CHAT_NOT_FOUND');
    expect((await send('0700000000').expect(400)).body.code).toBe('TELEGRAM_CHAT_NOT_FOUND');
    const { member, phone } = await memberWithContact();
    await createUser(t, { phone: phone.local });
    expect((await send(phone.local).expect(400)).body.code).toBe('TELEGRAM_CHAT_NOT_FOUND');
    await send(member.user.email).expect(200);
  });

  it('follows the same cooldown as email', async () => {
    const { member } = await memberWithContact();
    await send(member.user.email).expect(200);
    const again = await send(member.user.email).expect(429);
    expect(again.body.code).toBe('OTP_COOLDOWN');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('sends nothing to an already verified account but answers the same', async () => {
    const pending = await memberWithContact();
    const verified = await memberWithContact({ isVerified: true });
    const a = await send(pending.member.user.email).expect(200);
    const b = await send(verified.member.user.email).expect(200);
    expect(b.body).toEqual(a.body);
    await deliveriesSettled(t);
    expect(bot.messagesTo(verified.chatId)).toHaveLength(0);
  });

  it('a message Telegram refuses (bot blocked) is answered 200, not retried, and kept failed without its text', async () => {
    const { member, chatId } = await memberWithContact();
    bot.failSends = true;
    try {
      await send(member.user.email).expect(200);
      await deliveriesSettled(t);
    } finally {
      bot.failSends = false;
    }
    expect(bot.messagesTo(chatId)).toHaveLength(0);
    expect(bot.calls.filter((c) => c === 'sendMessage').length).toBeGreaterThan(0);
    const failed = (await deliveriesQueue(t, 'accountTelegram').getFailed()).filter(
      (job) => job.data.chatId === String(chatId),
    );
    expect(failed).toHaveLength(1);
    expect(failed[0].attemptsMade).toBe(1);
    expect(failed[0].data.text).toBe('[redacted]');
    expect(failed[0].failedReason).toMatch(/blocked/);
    // The send counted: the cooldown holds as for a delivered code.
    expect((await send(member.user.email).expect(429)).body.code).toBe('OTP_COOLDOWN');
  });

  it('never puts the bot token in an answer', async () => {
    const broken = await startTestApp({ TELEGRAM_API_URL: bot.url, TELEGRAM_BOT_TOKEN: 'wrong-token-0000' });
    try {
      const phone = uniquePhone();
      const member = await createUser(broken, { phone: phone.international, isVerified: false });
      const res = await broken
        .http()
        .post('/api/otp/send-telegram-otp')
        .send({ identifier: member.user.email })
        .expect(502);
      expect(res.body.code).toBe('OTP_SEND_FAILED');
      expect(JSON.stringify(res.body)).not.toContain('wrong-token');
    } finally {
      await broken.close();
    }
  });
});
