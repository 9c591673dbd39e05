import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Constant-time comparison of two secrets of any length (their SHA-256 digests are compared, so
 * neither the time nor an early return tells how much of a guess was right, or its length).
 */
export function secretsEqual(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}
