/**
 * Text rules shared by the server, the web app and the console: Arabic search normalisation and
 * words (the same as PostgreSQL's `mazad_normalize_ar`, `mazad_search_words` and
 * `mazad_search_stem`), the names no member may take and the links site content may hold.
 */
import { foldDigits } from './numbers';

/**
 * Links and image sources the site content may hold: a same-site path (one `/` not followed by
 * `/` or `\`: browsers read `//host` and `/\host` as another site) or an `https:` address
 * with a host. No spaces or backslashes anywhere.
 */
export const SAFE_LINK = /^(\/(?![/\\])|https:\/\/[^/\\\s?#@]+(?:[/?#]|$))[^\s\\]*$/i;

/**
 * PostgreSQL's `mazad_normalize_ar` (migration SearchWords), character for character: harakat
 * (U+064B–U+065F), the superscript alef (U+0670) and tatweel (U+0640) dropped; أ إ آ ٱ → ا,
 * ة → ه, ى → ي, the Persian ی ک → ي ك; Arabic-Indic and Persian digits → 0-9; lower case.
 */
export function normalizeArabic(text: string): string {
  return foldDigits(text)
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/[ىی]/g, 'ي')
    .replace(/ک/g, 'ك')
    .toLowerCase();
}

/**
 * What is not a word character, once normalised: anything but Latin digits and letters (accented
 * ones too) and the Arabic letters (basic and extended). The same class as `mazad_search_words`.
 */
const NOT_WORD = /[^0-9a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF\u0621-\u063F\u0641-\u064A\u0671-\u06D3]+/;

/** The words of a text as search reads them (`mazad_search_words`): normalised, split on anything else. */
export function searchWords(text: string): string[] {
  return normalizeArabic(text)
    .split(NOT_WORD)
    .filter((word) => word !== '');
}

/**
 * The clitics a search strips from the front of a word (R-SEARCH), longest first, each with the
 * letters that must remain after it. The definite article and the forms that carry it (وال بال
 * كال فال لل …) leave at least 2 letters; the conjunctions and prepositions (و ب ك ل, and و or ف
 * before ب ك ل: وبسعر) at least 3; ف alone at least 4: فكرة, فيلا, فرشة keep their first letter,
 * which starts far more nouns than it is a clitic. One prefix at most, the longest that fits: بالسيارة → سياره, but
 * بيت, والد and آلة stay whole. A word's stem is searched beside the word itself, never instead
 * of it (a stripped كتاب → تاب also matches تاب, ranked below the whole word).
 * The same table is `mazad_search_stem` in PostgreSQL (migration SearchWords).
 */
export const SEARCH_CLITICS: readonly (readonly [prefix: string, minRest: number])[] = [
  ['وبال', 2],
  ['فبال', 2],
  ['وكال', 2],
  ['فكال', 2],
  ['وال', 2],
  ['فال', 2],
  ['بال', 2],
  ['كال', 2],
  ['ولل', 2],
  ['فلل', 2],
  ['ال', 2],
  ['لل', 2],
  ['وب', 3],
  ['وك', 3],
  ['ول', 3],
  ['فب', 3],
  ['فك', 3],
  ['فل', 3],
  ['و', 3],
  ['ب', 3],
  ['ك', 3],
  ['ل', 3],
  ['ف', 4],
];

/** A normalised word without its leading clitic (SEARCH_CLITICS), or the word itself. */
export function searchStem(word: string): string {
  for (const [prefix, minRest] of SEARCH_CLITICS) {
    if (word.startsWith(prefix) && Array.from(word).length - prefix.length >= minRest) return word.slice(prefix.length);
  }
  return word;
}

/** The lexemes a text is found by: each word and, where it differs, its stem. */
export function searchLexemes(text: string): Set<string> {
  const lexemes = new Set<string>();
  for (const word of searchWords(text)) lexemes.add(word).add(searchStem(word));
  return lexemes;
}

/** A word typed partly also finds longer words (سيار → سيارة); not numbers (13 must not find 130). */
const matchesAsPrefix = (word: string) => Array.from(word).length >= 3 && /[^0-9]/.test(word);

/** The forms one typed word is searched as: itself, itself as a prefix, its stem. */
function wordForms(word: string): { exact: string[]; prefix: string | null } {
  const stem = searchStem(word);
  return { exact: stem === word ? [word] : [word, stem], prefix: matchesAsPrefix(word) ? word : null };
}

/**
 * The PostgreSQL tsquery of a search (R-SEARCH): every word, in any order, as itself, its stem
 * (SEARCH_CLITICS) or, from 3 letters, the start of a longer word; `(w | w:* | stem) & …`. The
 * exact form is listed beside its prefix so that ts_rank counts a whole word above a part.
 * Null when nothing searchable was typed (only spaces, punctuation, tatweel or diacritics):
 * such a search matches no auction. Lexemes hold only word characters, so quoting is safe.
 */
export function searchQuery(text: string): string | null {
  const words = [...new Set(searchWords(text))];
  if (words.length === 0) return null;
  return words
    .map((word) => {
      const { exact, prefix } = wordForms(word);
      const forms = [...exact.map((w) => `'${w}'`), ...(prefix ? [`'${prefix}':*`] : [])];
      return `(${forms.join(' | ')})`;
    })
    .join(' & ');
}

/**
 * True when `haystack` (title + description) is found by the search `text`, as PostgreSQL's
 * `search_vector @@ searchQuery(text)` answers (proved equal by the rules-equivalence test).
 */
export function matchesSearch(haystack: string, text: string): boolean {
  const words = searchWords(text);
  if (words.length === 0) return false;
  const lexemes = searchLexemes(haystack);
  return words.every((word) => {
    const { exact, prefix } = wordForms(word);
    if (exact.some((form) => lexemes.has(form))) return true;
    return prefix !== null && [...lexemes].some((lexeme) => lexeme.startsWith(prefix));
  });
}

/** At most this many other searches are offered when one finds nothing. */
export const SEARCH_SUGGESTIONS_MAX = 3;

/**
 * A hint's count stops here (it means "this many or more"): a hint only needs to say that a
 * search finds something, and its counts must stay cheap however common the words are.
 */
export const SEARCH_HINT_TOTAL_MAX = 1000;

/**
 * Letters people swap when spelling a word (the hamza's seats, look-alike sounds), beyond what
 * normalizeArabic already folds (أ إ آ ا, ة ه, ى ي): each is tried in turn on one word.
 */
const SPELLING_SWAPS: readonly (readonly [from: string, to: string])[] = [
  ['ؤ', 'و'],
  ['ؤ', 'ئ'],
  ['ئ', 'ي'],
  ['ئ', 'ؤ'],
  ['ء', ''],
  ['ظ', 'ض'],
  ['ض', 'ظ'],
  ['ذ', 'ز'],
  ['ز', 'ذ'],
];

/**
 * Other searches worth trying when `text` finds nothing (R-SEARCH), best guesses first: each
 * word with one letter swapped (SPELLING_SWAPS) or without its «ال», then, for several words,
 * the search with one word left out. Each differs from `text` in what it looks for; the caller
 * keeps those that find something. At most `limit`.
 */
export function searchAlternatives(text: string, limit = 8): string[] {
  const typed = text
    .trim()
    .split(/\s+/)
    .filter((word) => searchWords(word).length > 0);
  const own = searchQuery(text);
  const seen = new Set(own === null ? [] : [own]);
  const found: string[] = [];
  const offer = (words: string[]) => {
    const candidate = words.join(' ');
    const query = searchQuery(candidate);
    if (query === null || seen.has(query)) return;
    seen.add(query);
    found.push(candidate);
  };
  typed.forEach((word, i) => {
    const withWord = (other: string) => typed.map((w, j) => (j === i ? other : w));
    for (const [from, to] of SPELLING_SWAPS) if (word.includes(from)) offer(withWord(word.replaceAll(from, to)));
    const bare = normalizeArabic(word);
    if (bare.startsWith('ال') && bare.length > 3) offer(withWord(word.replace(/^[اأإآ]ل/, '')));
  });
  if (typed.length > 1) typed.forEach((_, i) => offer(typed.filter((__, j) => j !== i)));
  return found.slice(0, limit);
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
