import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { AppConfig } from '../config/app-config';

/**
 * One use's key, derived from JWT_SECRET and, during a rotation, also from JWT_PREVIOUS_SECRET
 * (docs/runbook.md, "Rotating JWT_SECRET"). What is made now (a code's hash, a reset handle, an
 * unsubscribe link, a Redis key's name) is made with `current` alone; what comes back to be
 * checked or looked up is tried under every key, so what a replica made before the switch (or,
 * in a rolling restart, a replica not switched yet) still holds. Once JWT_PREVIOUS_SECRET is
 * removed, only `current` is left.
 */
export class DerivedKey {
  readonly current: Buffer;
  /** `current` first, then the previous secret's key during a rotation. */
  readonly all: readonly Buffer[];

  constructor(config: Pick<AppConfig, 'jwtSecret' | 'jwtPreviousSecret'>, label: string) {
    this.current = deriveKey(config.jwtSecret, label);
    this.all = config.jwtPreviousSecret ? [this.current, deriveKey(config.jwtPreviousSecret, label)] : [this.current];
  }

  /** HMAC-SHA256 of `text` under the current key, in hex. */
  hmac(text: string): string {
    return hmacHex(this.current, text);
  }

  /** The same under every key, the current one first. */
  hmacs(text: string): string[] {
    return this.all.map((key) => hmacHex(key, text));
  }
}

/**
 * Keys derived from JWT_SECRET (HMAC-SHA256 of a label), one per use, so a leak of one
 * derived value says nothing about the others or about the signing secret.
 */
@Injectable()
export class AuthKeys {
  /** Hashes stored verification codes. */
  readonly codes: DerivedKey;
  /** Derives password-reset handles from emails. */
  readonly resetHandles: DerivedKey;
  /** Names Redis keys after identifiers (emails, phones) without storing them in clear. */
  readonly identifiers: DerivedKey;

  constructor(config: AppConfig) {
    this.codes = new DerivedKey(config, 'verification-codes');
    this.resetHandles = new DerivedKey(config, 'password-reset-handles');
    this.identifiers = new DerivedKey(config, 'identifiers');
  }
}

export function deriveKey(secret: string, label: string): Buffer {
  return createHmac('sha256', secret).update(`mazad:${label}`).digest();
}

export function hmacHex(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}
