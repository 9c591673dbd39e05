import { foldDigits } from '@mazad/contracts';

/** Emails are compared lower-cased and trimmed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmailIdentifier(identifier: string): boolean {
  return identifier.includes('@');
}

/** Phones match on their last 9 digits (07 9123 4567, +962 79 123 4567 and 962791234567 agree). */
export const PHONE_MATCH_DIGITS = 9;

/** The last 9 digits of a phone number (Arabic-Indic digits read as 0-9), or null when it has fewer. */
export function phoneSuffix(phone: string | null | undefined): string | null {
  const digits = foldDigits(phone ?? '').replace(/\D/g, '');
  return digits.length >= PHONE_MATCH_DIGITS ? digits.slice(-PHONE_MATCH_DIGITS) : null;
}

/** One spelling per identifier: a lower-cased email, or a phone's last 9 digits. */
export function normalizeIdentifier(identifier: string): string {
  if (isEmailIdentifier(identifier)) return normalizeEmail(identifier);
  return phoneSuffix(identifier) ?? identifier.trim().toLowerCase();
}
