import { Logger } from '@nestjs/common';
import { createECDH, randomBytes } from 'node:crypto';
import webpush from 'web-push';
import type { AppConfig } from '../../config/app-config';
import { BoundedHttp, OutsideCallError } from '../outside-calls/outside-calls';
import { PushEndpoints } from './push-endpoints';
import { PushSender } from './push-sender';
import type { PushSubscriptions, StoredPushSubscription } from './push-subscriptions';

const FCM = 'https://fcm.googleapis.com/fcm/send/';

/** A device of a browser's push service, with real keys (web-push encrypts for them). */
function device(name: string, endpoint = `${FCM}${name}`): StoredPushSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') } };
}
const PAYLOAD = { title: 'فزت بالمزاد', body: 'السعر 120.000 د.أ', url: '/auction/a', tag: 'mazad-n' };

describe('PushSender.send', () => {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@mazad.jo' };
  const subscriptions = { ofMember: jest.fn(), expire: jest.fn() };
  let post: jest.SpyInstance;
  let sender: PushSender;

  beforeEach(() => {
    const devices = ['ok', 'gone', 'missing', 'busy', 'down', 'silent', 'bad'].map((name) => device(name));
    devices.push(device('metadata', 'https://169.254.169.254/latest/meta-data'));
    subscriptions.ofMember.mockResolvedValue(devices);
    subscriptions.expire.mockReset().mockResolvedValue(undefined);
    for (const level of ['error', 'warn'] as const)
      jest.spyOn(Logger.prototype, level).mockImplementation(() => undefined);
    const answers: Record<string, number | Error> = {
      ok: 201,
      gone: 410,
      missing: 404,
      busy: 429,
      down: 503,
      silent: new OutsideCallError('deadline', 'no whole answer within 10000 ms'),
      bad: 400,
    };
    post = jest.spyOn(BoundedHttp.prototype, 'post').mockImplementation(async (url: string) => {
      const answer = answers[url.slice(FCM.length)];
      if (answer instanceof Error) throw answer;
      return { status: answer, body: Buffer.alloc(0) };
    });
    const config = { vapid, pushExtraOrigins: [], outsideCallDeadlineMs: 10_000 } as unknown as AppConfig;
    sender = new PushSender(config, subscriptions as unknown as PushSubscriptions, new PushEndpoints(config));
  });
  afterEach(() => jest.restoreAllMocks());

  it('removes expired devices (404, 410), returns those to retry (429, 5xx, no answer in time), drops other refusals', async () => {
    const retry = await sender.send('u', PAYLOAD);
    expect(subscriptions.expire.mock.calls.map(([e]) => e).sort()).toEqual([
      'https://169.254.169.254/latest/meta-data',
      `${FCM}gone`,
      `${FCM}missing`,
    ]);
    expect(retry.sort()).toEqual([`${FCM}busy`, `${FCM}down`, `${FCM}silent`]);
  });

  it('posts the encrypted, VAPID-signed message built by web-push', async () => {
    await sender.send('u', PAYLOAD);
    const [url, headers, body] = post.mock.calls.find(([u]) => u === `${FCM}ok`)!;
    expect(url).toBe(`${FCM}ok`);
    expect(headers).toMatchObject({ 'Content-Encoding': 'aes128gcm', TTL: String(24 * 3600) });
    expect(headers.Authorization).toMatch(/^vapid t=.+, k=/);
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(body.toString()).not.toContain(PAYLOAD.title);
  });

  it('never contacts an endpoint off the push services; removes it', async () => {
    await sender.send('u', PAYLOAD);
    expect(post.mock.calls.map(([u]) => u)).not.toContain('https://169.254.169.254/latest/meta-data');
    expect(post).toHaveBeenCalledTimes(7);
  });

  it('a retry sends only to the devices still to try', async () => {
    await sender.send('u', PAYLOAD, [`${FCM}ok`]);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('sends nothing while push is off', async () => {
    const off = { vapid: undefined, pushExtraOrigins: [], outsideCallDeadlineMs: 10_000 } as unknown as AppConfig;
    const quiet = new PushSender(off, subscriptions as unknown as PushSubscriptions, new PushEndpoints(off));
    expect(await quiet.send('u', PAYLOAD)).toEqual([]);
    expect(post).not.toHaveBeenCalled();
  });
});
