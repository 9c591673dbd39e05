import { Injectable } from '@nestjs/common';
import { NotificationKind } from '@mazad/contracts';
import { timingSafeEqual } from 'node:crypto';
import { DerivedKey } from '../../../auth';
import { AppException } from '../../../common/errors/app.exception';
import { AppConfig } from '../../../config/app-config';

const KINDS = new Set<string>(Object.values(NotificationKind));
const DAY_MS = 24 * 3600 * 1000;

/**
 * How long an e-mail's unsubscribe link works: 90 days. Long enough for a notice read late (a
 * holiday, a full inbox) and for every notice of an auction to outlive it (auctions last 30 days
 * at most), while each later e-mail carries a fresh link, so a member still getting mail always
 * holds one that works; an old e-mail found, forwarded or leaked stops changing the member's
 * choices after that. The notification settings (profile page) turn e-mail off at any time.
 */
export const UNSUBSCRIBE_LINK_DAYS = 90;

/** Who an unsubscribe link names: one member and one kind of notice. */
export interface UnsubscribeTarget {
  userId: string;
  kind: NotificationKind;
}

/**
 * The e-mail's unsubscribe token: `<userId>.<kind>.<expiry>.<HMAC>`, the expiry in seconds since
 * the epoch, the HMAC under a key derived from JWT_SECRET for this use only (as auth's keys are;
 * during a rotation a link signed with JWT_PREVIOUS_SECRET still verifies: DerivedKey). It can
 * only ever turn that kind's e-mail off.
 *
 * Links mailed before links expired (`<userId>.<kind>.<HMAC>`, no expiry) are refused as expired
 * when genuine: they carry no date to hold them to the lifetime, and accepting them would keep
 * links that never expire; the member's later e-mails carry links that work, and the answer says
 * where else to turn the e-mail off.
 */
@Injectable()
export class UnsubscribeTokens {
  private readonly key: DerivedKey;

  constructor(config: AppConfig) {
    this.key = new DerivedKey(config, 'notice-unsubscribe');
  }

  /** A token for the link of an e-mail sent at `now`; it works for UNSUBSCRIBE_LINK_DAYS. */
  sign(userId: string, kind: NotificationKind, now = Date.now()): string {
    const expiry = Math.floor((now + UNSUBSCRIBE_LINK_DAYS * DAY_MS) / 1000);
    const named = `${userId}.${kind}.${expiry}`;
    return `${named}.${this.key.hmac(named)}`;
  }

  /**
   * The member and kind a genuine, unexpired token names. Throws 400 UNSUBSCRIBE_TOKEN_INVALID
   * for anything forged or malformed, 410 UNSUBSCRIBE_LINK_EXPIRED for a genuine one past its
   * expiry or of the old format without one.
   */
  verify(token: unknown, now = Date.now()): UnsubscribeTarget {
    const parts = typeof token === 'string' ? token.split('.') : [];
    if (parts.length !== 3 && parts.length !== 4) throw new AppException('UNSUBSCRIBE_TOKEN_INVALID');
    const [userId, kind] = parts;
    const mac = parts[parts.length - 1];
    const named = parts.slice(0, -1).join('.');
    if (!userId || !KINDS.has(kind) || !this.genuine(named, mac)) throw new AppException('UNSUBSCRIBE_TOKEN_INVALID');
    const expiry = parts.length === 4 ? Number(parts[2]) : NaN;
    if (!(expiry * 1000 > now)) throw new AppException('UNSUBSCRIBE_LINK_EXPIRED');
    return { userId, kind: kind as NotificationKind };
  }

  /** Whether `mac` is the HMAC of `named` under the current key or the previous one. */
  private genuine(named: string, mac: string): boolean {
    const given = Buffer.from(mac);
    return this.key.hmacs(named).some((hex) => {
      const expected = Buffer.from(hex);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }
}
