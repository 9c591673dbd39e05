import { Logger } from '@nestjs/common';
import webpush, { WebPushError } from 'web-push';
import type { AppConfig } from '../../config/app-config';
import { PushSender } from './push-sender';
import type { PushSubscriptions, StoredPushSubscription } from './push-subscriptions';

const device = (name: string): StoredPushSubscription => ({
  endpoint: `https://push.example/${name}`,
  keys: { p256dh: 'p', auth: 'a' },
});
const PAYLOAD = { title: 'فزت بالمزاد', body: 'السعر 120.000 د.أ', url: '/auction/a', tag: 'mazad-n' };
const refusal = (statusCode: number) => new WebPushError('refused', statusCode, {}, '', 'https://push.example/x');

describe('PushSender.send', () => {
  const vapid = { publicKey: 'pub', privateKey: 'priv', subject: 'mailto:ops@mazad.jo' };
  const subscriptions = { ofMember: jest.fn(), expire: jest.fn() };
  let send: jest.SpyInstance;

  beforeEach(() => {
    subscriptions.ofMember.mockResolvedValue(['ok', 'gone', 'missing', 'busy', 'down', 'offline', 'bad'].map(device));
    subscriptions.expire.mockReset().mockResolvedValue(undefined);
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const answers: Record<string, unknown> = {
      gone: refusal(410),
      missing: refusal(404),
      busy: refusal(429),
      down: refusal(503),
      offline: new Error('connect ECONNREFUSED'),
      bad: refusal(400),
    };
    send = jest.spyOn(webpush, 'sendNotification').mockImplementation((sub) => {
      const answer = answers[sub.endpoint.slice('https://push.example/'.length)];
      return answer ? Promise.reject(answer) : Promise.resolve({ statusCode: 201, body: '', headers: {} });
    });
  });
  afterEach(() => jest.restoreAllMocks());

  const sender = (config: Partial<AppConfig>) =>
    new PushSender(config as AppConfig, subscriptions as unknown as PushSubscriptions);

  it('removes expired devices (404, 410), returns those to retry (429, 5xx, network), drops other refusals', async () => {
    const retry = await sender({ vapid }).send('u', PAYLOAD);
    expect(subscriptions.expire.mock.calls.map(([e]) => e).sort()).toEqual([
      'https://push.example/gone',
      'https://push.example/missing',
    ]);
    expect(retry.sort()).toEqual([
      'https://push.example/busy',
      'https://push.example/down',
      'https://push.example/offline',
    ]);
    expect(send).toHaveBeenCalledWith(
      device('ok'),
      JSON.stringify(PAYLOAD),
      expect.objectContaining({ vapidDetails: vapid }),
    );
  });

  it('a retry sends only to the devices still to try', async () => {
    await sender({ vapid }).send('u', PAYLOAD, ['https://push.example/ok']);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends nothing while push is off', async () => {
    expect(await sender({ vapid: undefined }).send('u', PAYLOAD)).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });
});
