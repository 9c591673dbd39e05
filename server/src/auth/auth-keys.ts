import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { AppConfig } from '../config/app-config';

/**
 * Keys derived from JWT_SECRET (HMAC-SHA256 of a label), one per use, so a leak of one
 * derived value says nothing about the others or about the signing secret.
 */
@Injectable()
export class AuthKeys {
  /** Hashes stored verification codes. */
  readonly codes: Buffer;
  /** Derives password-reset handles from emails. */
  readonly resetHandles: Buffer;
  /** Names Redis keys after identifiers (emails, phones) without storing them in clear. */
  readonly identifiers: Buffer;

  constructor(config: AppConfig) {
    this.codes = deriveKey(config.jwtSecret, 'verification-codes');
    this.resetHandles = deriveKey(config.jwtSecret, 'password-reset-handles');
    this.identifiers = deriveKey(config.jwtSecret, 'identifiers');
  }
}

export function deriveKey(secret: string, label: string): Buffer {
  return createHmac('sha256', secret).update(`mazad:${label}`).digest();
}

export function hmacHex(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}
