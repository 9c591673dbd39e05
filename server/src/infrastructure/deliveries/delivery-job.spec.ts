import { TelegramApiError } from '../telegram/telegram.service';
import { deliveryOf, failureIsPermanent, withoutContent } from './delivery-job';
import { DELIVERY_JOB_OPTIONS, NOTICE_JOB_OPTIONS } from '../queues/queue-registry';
import { DELIVERY_LANE_NAMES, DELIVERY_LANES } from './delivery-lanes';

describe('delivery jobs', () => {
  it('retry 5 times with exponential backoff from 2 s, drop delivered jobs and keep a capped failed set', () => {
    expect(DELIVERY_JOB_OPTIONS).toMatchObject({
      attempts: 5,
      backoff: { type: 'exponential', delay: 2_000 },
      removeOnComplete: true,
      removeOnFail: { count: 1_000 },
    });
  });

  it('each lane has a queue of its own; codes leave Redis once sent, notices keep their id a day', () => {
    const queues = DELIVERY_LANE_NAMES.map((lane) => DELIVERY_LANES[lane].name);
    expect(new Set(queues).size).toBe(queues.length);
    expect(DELIVERY_LANES.accountMail.jobOptions.removeOnComplete).toBe(true);
    expect(DELIVERY_LANES.accountTelegram.jobOptions.removeOnComplete).toBe(true);
    for (const lane of ['noticeMail', 'noticeTelegram', 'push'] as const)
      expect(DELIVERY_LANES[lane].jobOptions).toEqual(NOTICE_JOB_OPTIONS);
    expect(NOTICE_JOB_OPTIONS).toMatchObject({ attempts: 5, removeOnComplete: { age: 24 * 3600 } });
  });

  it('read a Telegram notice queued by the version before the lanes (no channel) as a Telegram message', () => {
    expect(deliveryOf({ chatId: '42', text: 'تنبيه' })).toEqual({ channel: 'telegram', chatId: '42', text: 'تنبيه' });
    const mail = { channel: 'mail' as const, message: { to: 'a@example.com', subject: 's', text: 't' } };
    expect(deliveryOf(mail)).toBe(mail);
  });

  it('keep the recipient and subject of a failed job, never its text (codes)', () => {
    const mail = withoutContent({
      channel: 'mail',
      message: { to: 'a@example.com', subject: 'رمز التحقق', text: 'CODE: 123456', html: '<b>123456</b>' },
    });
    expect(mail).toEqual({
      channel: 'mail',
      message: { to: 'a@example.com', subject: 'رمز التحقق', text: '[redacted]' },
    });
    const telegram = withoutContent({ channel: 'telegram', chatId: '42', text: 'رمزك 123456' });
    expect(telegram).toEqual({ channel: 'telegram', chatId: '42', text: '[redacted]' });
    const push = withoutContent({
      channel: 'push',
      userId: 'u',
      payload: { title: 'فزت بالمزاد', body: 'السعر 120.000 د.أ', url: '/auction/a', tag: 'mazad-n' },
    });
    expect(push).toEqual({
      channel: 'push',
      userId: 'u',
      payload: { title: '[redacted]', body: '[redacted]', url: '/auction/a', tag: 'mazad-n' },
    });
  });

  it('give up at once only on refusals another attempt cannot fix', () => {
    expect(failureIsPermanent(new TelegramApiError('Telegram sendMessage refused: Forbidden', true))).toBe(true);
    expect(failureIsPermanent(new TelegramApiError('Telegram sendMessage failed: TimeoutError'))).toBe(false);
    const smtp = (responseCode: number) => Object.assign(new Error('SMTP reply'), { responseCode });
    expect(failureIsPermanent(smtp(550))).toBe(true);
    expect(failureIsPermanent(smtp(451))).toBe(false);
    expect(failureIsPermanent(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(false);
    expect(failureIsPermanent(null)).toBe(false);
  });
});
