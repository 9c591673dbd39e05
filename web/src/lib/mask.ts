/** Masks contact details shown on the verification screens (R-NAME-DISPLAY). */

/** Email: the first 2 characters of the local part, then stars, then the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return maskIdentifier(email);
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  return `${local.slice(0, 2)}${'*'.repeat(Math.max(local.length - 2, 3))}@${domain}`;
}

/** Any identifier: emails as above; anything else shows only its last 4 characters. */
export function maskIdentifier(identifier: string | null | undefined): string {
  const text = (identifier ?? '').trim();
  if (!text) return '';
  if (text.includes('@')) return maskEmail(text);
  const visible = text.slice(-4);
  return `${'*'.repeat(Math.max(text.length - 4, 4))}${visible}`;
}
