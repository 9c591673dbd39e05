import { createHmac } from 'node:crypto';
import { normalizeEmail } from '../accounts/identifiers';

/**
 * The opaque "userId" that forgot-password answers: a UUID derived from the email with an
 * HMAC (key derived from JWT_SECRET). Deterministic, so asking twice gives the same handle,
 * and computed the same way whether or not the email has an account, so it reveals nothing.
 * Shaped as an RFC 9562 version-8 (custom) UUID.
 */
export function resetHandleFor(email: string, key: Buffer): string {
  const bytes = createHmac('sha256', key)
    .update(`reset:${normalizeEmail(email)}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
