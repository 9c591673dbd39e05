import { NotificationKind } from '@mazad/contracts';
import { createHmac, randomUUID } from 'node:crypto';
import type { AppConfig } from '../../../config/app-config';
import { UNSUBSCRIBE_LINK_DAYS, UnsubscribeTokens } from './unsubscribe-token';

const OLD_SECRET = 'old-secret-of-the-unsubscribe-spec-0123456789';
const NEW_SECRET = 'new-secret-of-the-unsubscribe-spec-0123456789';
const DAY_MS = 24 * 3600 * 1000;

const tokens = (jwtSecret: string, jwtPreviousSecret?: string) =>
  new UnsubscribeTokens({ jwtSecret, jwtPreviousSecret } as AppConfig);

/** The code `verify` refuses with, or 'ok'. */
function refusal(verifier: UnsubscribeTokens, token: unknown, now?: number): string {
  try {
    verifier.verify(token, now);
    return 'ok';
  } catch (err) {
    return (err as { code: string }).code;
  }
}

describe('UnsubscribeTokens', () => {
  const userId = randomUUID();

  it('names the member and the kind until the link is UNSUBSCRIBE_LINK_DAYS old, then is expired', () => {
    const t = tokens(NEW_SECRET);
    const sent = Date.now();
    const token = t.sign(userId, NotificationKind.Outbid, sent);
    expect(t.verify(token, sent)).toEqual({ userId, kind: NotificationKind.Outbid });
    expect(t.verify(token, sent + (UNSUBSCRIBE_LINK_DAYS - 1) * DAY_MS)).toEqual({
      userId,
      kind: NotificationKind.Outbid,
    });
    expect(refusal(t, token, sent + UNSUBSCRIBE_LINK_DAYS * DAY_MS + 1000)).toBe('UNSUBSCRIBE_LINK_EXPIRED');
  });

  it('refuses a changed expiry, member or kind, another secret, and malformed tokens as invalid', () => {
    const t = tokens(NEW_SECRET);
    const [id, kind, expiry, mac] = t.sign(userId, NotificationKind.Won).split('.');
    for (const forged of [
      [id, kind, String(Number(expiry) + 365 * 24 * 3600), mac].join('.'),
      [randomUUID(), kind, expiry, mac].join('.'),
      [id, NotificationKind.Sold, expiry, mac].join('.'),
      tokens('a-third-secret-nobody-configured-0123456789').sign(userId, NotificationKind.Won),
      `${id}.nonsense.${expiry}.${mac}`,
      'x',
      '',
      undefined,
      ['a', 'b', 'c', 'd', 'e'].join('.'),
    ]) {
      expect(refusal(t, forged)).toBe('UNSUBSCRIBE_TOKEN_INVALID');
    }
  });

  it('during a rotation, a link signed with JWT_PREVIOUS_SECRET still works; after it, it does not', () => {
    const mailed = tokens(OLD_SECRET).sign(userId, NotificationKind.Won);
    expect(tokens(NEW_SECRET, OLD_SECRET).verify(mailed)).toEqual({ userId, kind: NotificationKind.Won });
    expect(refusal(tokens(NEW_SECRET), mailed)).toBe('UNSUBSCRIBE_TOKEN_INVALID');
  });

  it('a genuine link of the old format (no expiry) is expired; a forged one is invalid', () => {
    const key = createHmac('sha256', NEW_SECRET).update('mazad:notice-unsubscribe').digest();
    const named = `${userId}.${NotificationKind.Outbid}`;
    const old = `${named}.${createHmac('sha256', key).update(named).digest('hex')}`;
    expect(refusal(tokens(NEW_SECRET), old)).toBe('UNSUBSCRIBE_LINK_EXPIRED');
    expect(refusal(tokens(NEW_SECRET), `${named}.${'0'.repeat(64)}`)).toBe('UNSUBSCRIBE_TOKEN_INVALID');
  });
});
