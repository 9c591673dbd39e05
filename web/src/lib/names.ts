/** Display helpers for people's names (R-NAME-DISPLAY). */

export const GENERIC_USER = 'مستخدم';

/** Words that hold a letter or digit (punctuation such as "(" or "-" alone is not a word). */
function words(name: string | null | undefined): string[] {
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
}

/** A word's first letter or digit: "(تجريبي)" → "ت". */
function firstLetter(word: string): string {
  return /[\p{L}\p{N}]/u.exec(word)![0];
}

/**
 * Abbreviates a bidder's name for public lists: one word longer than 3 characters becomes
 * its first 3 characters and "…"; several words become their initials, each followed by ".".
 */
export function abbreviateName(name: string | null | undefined): string {
  const parts = words(name);
  if (parts.length === 0) return GENERIC_USER;
  if (parts.length === 1) {
    const letters = Array.from(parts[0]);
    return letters.length > 3 ? `${letters.slice(0, 3).join('')}…` : parts[0];
  }
  return parts.map((part) => `${firstLetter(part)}.`).join('');
}

/** Up to two initials for a generated avatar ("محمد أحمد" → "م أ"). */
export function initials(name: string | null | undefined): string {
  const parts = words(name);
  if (parts.length === 0) return '؟';
  return parts.slice(0, 2).map(firstLetter).join(' ');
}

const AVATAR_COLOURS = ['#0f766e', '#1d4ed8', '#7c3aed', '#b45309', '#be123c', '#15803d', '#0369a1', '#a21caf'];

function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return h;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A generated initials image (SVG data URL) for users without a profile image. */
export function initialsAvatar(name: string | null | undefined): string {
  const colour = AVATAR_COLOURS[hash(name ?? '') % AVATAR_COLOURS.length];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="32" fill="${colour}"/>` +
    `<text x="32" y="40" font-size="24" text-anchor="middle" fill="#fff" font-family="'Noto Kufi Arabic',sans-serif">` +
    `${escapeXml(initials(name))}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
