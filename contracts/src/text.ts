/**
 * Text rules shared by the server, the web app and the console: Arabic search normalisation
 * (the same as PostgreSQL's `mazad_normalize_ar`), the names no member may take and the links
 * site content may hold.
 */

/**
 * Links and image sources the site content may hold: a same-site path (one `/` not followed by
 * `/` or `\`: browsers read `//host` and `/\host` as another site) or an `https:` address
 * with a host. No spaces or backslashes anywhere.
 */
export const SAFE_LINK = /^(\/(?![/\\])|https:\/\/[^/\\\s?#@]+(?:[/?#]|$))[^\s\\]*$/i;

/**
 * PostgreSQL's `mazad_normalize_ar` (migration AuctionsAndBids), character for character:
 * harakat (U+064B–U+065F), the superscript alef (U+0670) and tatweel (U+0640) dropped;
 * أ إ آ ٱ → ا, ة → ه, ى → ي; lower case. `search_text` is this of title + description.
 */
export function normalizeArabic(text: string): string {
  return text
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .toLowerCase();
}

/**
 * The term a search looks for: the text normalised as above, then trimmed. `''` means the text
 * has nothing to search for (only spaces, tatweel or diacritics): such a search matches no
 * auction (the reader typed something, and nothing contains it) rather than every auction.
 * An empty or absent search box is no search at all (the client does not send it).
 */
export function searchTerm(text: string): string {
  return normalizeArabic(text).trim();
}

/** True when `haystack` (title + description) matches the search `text` (see searchTerm). */
export function matchesSearch(haystack: string, text: string): boolean {
  const term = searchTerm(text);
  return term !== '' && normalizeArabic(haystack).includes(term);
}

/**
 * Names reserved for staff and the demo accounts. A member name is refused when, compared by
 * `nameKey` (Arabic letter variants, diacritics, tatweel, invisible characters, case, accents,
 * punctuation and a leading "ال" ignored):
 * - it contains one of `phrases` as whole words (`مدير النظام أحمد`, `Admin Sara`), or
 * - it is one of `wholeNames` exactly (words people may carry inside a longer name, such as
 *   مزاد in `بائع المزاد المباشر`, but not as the whole name).
 */
export const RESERVED_NAMES = {
  phrases: [
    'مدير النظام',
    'مدير الموقع',
    'مدير مزاد',
    'الإدارة',
    'إدارة الموقع',
    'إدارة مزاد',
    'فريق مزاد',
    'فريق الدعم',
    'الدعم الفني',
    'خدمة العملاء',
    'مشرف الموقع',
    'المشرف العام',
    // The demo accounts' mark ("سارة أحمد (تجريبي)", …).
    'تجريبي',
    'admin',
    'administrator',
    'moderator',
    'support',
    'sysadmin',
    'webmaster',
    'helpdesk',
    'staff',
    'mazad team',
    'mazad support',
  ],
  wholeNames: ['مزاد', 'النظام', 'المدير', 'مدير', 'المشرف', 'الدعم', 'mazad', 'system', 'root'],
} as const;

/** Latin and Cyrillic/Greek look-alikes and digits used as letters, folded for the comparison. */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  х: 'x',
  у: 'y',
  і: 'i',
  ѕ: 's',
  ԁ: 'd',
  м: 'm',
  т: 't',
  н: 'h',
  α: 'a',
  ο: 'o',
  ρ: 'p',
  ν: 'v',
  ι: 'i',
  τ: 't',
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
};

/** Persian and Urdu letter forms that look like Arabic ones. */
const ARABIC_LOOK_ALIKES: Record<string, string> = { ی: 'ي', ک: 'ك', ە: 'ه', ۀ: 'ه', ڪ: 'ك', ٸ: 'ي' };

/** The words of a name as compared against RESERVED_NAMES. */
export function nameWords(name: string): string[] {
  const folded = normalizeArabic(
    name
      .normalize('NFKD')
      .replace(/[\p{M}\p{Default_Ignorable_Code_Point}\p{Cf}]/gu, '')
      .replace(/[یکەۀڪٸ]/g, (c) => ARABIC_LOOK_ALIKES[c] ?? c),
  );
  return folded
    .split(/[^\p{L}\p{N}@$!|]+/u)
    .filter(Boolean)
    .map((word) => {
      // Digits and symbols stand for letters only inside Latin-looking words ("adm1n"), not in "٢٠٢٥".
      const latin = /[a-zа-яα-ω]/.test(word) ? [...word].map((c) => LOOK_ALIKES[c] ?? c).join('') : word;
      const bare = latin.replace(/[@$!|]/g, '');
      // The definite article does not make a different name: الإدارة = إدارة.
      return bare.length > 4 && bare.startsWith('ال') ? bare.slice(2) : bare;
    })
    .filter(Boolean);
}

const containsWords = (words: string[], phrase: string[]) =>
  phrase.length > 0 && words.some((_, i) => phrase.every((p, j) => words[i + j] === p));

const RESERVED_PHRASES = RESERVED_NAMES.phrases.map(nameWords);
const RESERVED_WHOLE = RESERVED_NAMES.wholeNames.map((n) => nameWords(n).join(' '));

/** True when a member may not take `name` (it impersonates staff or a demo account). */
export function isReservedName(name: string): boolean {
  const words = nameWords(name);
  if (RESERVED_WHOLE.includes(words.join(' '))) return true;
  if (RESERVED_PHRASES.some((phrase) => containsWords(words, phrase))) return true;
  // Written without spaces: "مديرالنظام", "MazadSupport" (articles dropped on both sides).
  const compact = (parts: string[]) => parts.join('').replaceAll('ال', '');
  const written = compact(words);
  return RESERVED_PHRASES.some((phrase) => phrase.length > 1 && written.includes(compact(phrase)));
}
