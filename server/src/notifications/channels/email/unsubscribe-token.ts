import { Injectable } from '@nestjs/common';
import { NotificationKind } from '@mazad/contracts';
import { timingSafeEqual } from 'node:crypto';
import { deriveKey, hmacHex } from '../../../auth';
import { AppConfig } from '../../../config/app-config';

const KINDS = new Set<string>(Object.values(NotificationKind));

/**
 * The e-mail's unsubscribe token: `<userId>.<kind>.<HMAC>` under a key derived from JWT_SECRET
 * for this use only (as auth's keys are). It names one member and one kind and never expires: an
 * old e-mail's link must still work (RFC 8058); it can only ever turn that kind's e-mail off.
 */
@Injectable()
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    this.key = deriveKey(config.jwtSecret, 'notice-unsubscribe');
  }

  sign(userId: string, kind: NotificationKind): string {
    return `${userId}.${kind}.${hmacHex(this.key, `${userId}.${kind}`)}`;
  }

  /** The member and kind a genuine token names; null for anything forged or malformed. */
  verify(token: unknown): { userId: string; kind: NotificationKind } | null {
    if (typeof token !== 'string') return null;
    const [userId, kind, mac, ...rest] = token.split('.');
    if (rest.length || !userId || !kind || !mac || !KINDS.has(kind)) return null;
    const expected = Buffer.from(hmacHex(this.key, `${userId}.${kind}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { userId, kind: kind as NotificationKind };
  }
}
