import { FILS_PER_JOD, jodToFils } from './money';

/**
 * A JOD amount in Arabic words, as a cheque writes it (R-BID-REVIEW: a bid far above the price
 * is read back in figures and in words): `12000` → «اثنا عشر ألف دينار», `1210.5` → «ألف ومئتان
 * وعشرة دنانير وخمسمئة فلس».
 *
 * Hand-written rather than a library: the npm packages that spell Arabic numbers (to-words,
 * n2words, written-number) either detach the conjunction («و مائتان»), mistake the construct
 * state («مئتان ألف» for «مئتا ألف»), or have no currency but their own with its counted noun
 * left unagreed («عشرة درهم»). The rules here are few and each is tested (money-words.spec.ts):
 * - numbers are masculine (دينار, فلس, ألف, مليون all are): ثلاثة دنانير, ثلاثة آلاف;
 * - the counted noun agrees with the last two digits: 1 «دينار واحد», 2 «ديناران», 3–10 plural
 *   «دنانير», 11–99 accusative singular «ديناراً», a round hundred genitive singular «دينار»;
 * - a dual directly before its noun loses its nūn (construct state): «مئتا دينار», «ألفا دينار»;
 *   so does «ألفاً» become «ألف»: «اثنا عشر ألف دينار»;
 * - the conjunction و is written joined to the next word: «ألف ومئتان».
 * Hundreds are spelt مئة (the modern spelling the Jordanian curriculum teaches).
 */

/** A counted noun's forms (see the agreement rule above). */
interface CountedNoun {
  /** After 1 as a scale (ألف) or before واحد as a currency (دينار): the bare singular. */
  singular: string;
  /** Exactly two (ألفان, ديناران) and its construct form before a noun (ألفا). */
  dual: string;
  dualConstruct: string;
  /** 3–10 (آلاف, دنانير). */
  plural: string;
  /** 11–99 (ألفاً, ديناراً). */
  accusative: string;
}

const DINAR: CountedNoun = {
  singular: 'دينار',
  dual: 'ديناران',
  dualConstruct: 'دينارا',
  plural: 'دنانير',
  accusative: 'ديناراً',
};
const FILS: CountedNoun = { singular: 'فلس', dual: 'فلسان', dualConstruct: 'فلسا', plural: 'فلوس', accusative: 'فلساً' };

/** Thousands, millions, billions: each group of three digits above the units is counted in one. */
const SCALES: CountedNoun[] = [
  { singular: 'ألف', dual: 'ألفان', dualConstruct: 'ألفا', plural: 'آلاف', accusative: 'ألفاً' },
  { singular: 'مليون', dual: 'مليونان', dualConstruct: 'مليونا', plural: 'ملايين', accusative: 'مليوناً' },
  { singular: 'مليار', dual: 'ملياران', dualConstruct: 'مليارا', plural: 'مليارات', accusative: 'ملياراً' },
];

const ONES = ['', 'واحد', 'اثنان', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة'];
const TEENS = [
  'عشرة',
  'أحد عشر',
  'اثنا عشر',
  'ثلاثة عشر',
  'أربعة عشر',
  'خمسة عشر',
  'ستة عشر',
  'سبعة عشر',
  'ثمانية عشر',
  'تسعة عشر',
];
const TENS = ['', '', 'عشرون', 'ثلاثون', 'أربعون', 'خمسون', 'ستون', 'سبعون', 'ثمانون', 'تسعون'];
const HUNDREDS = ['', 'مئة', 'مئتان', 'ثلاثمئة', 'أربعمئة', 'خمسمئة', 'ستمئة', 'سبعمئة', 'ثمانمئة', 'تسعمئة'];

const AND = ' و';

/** 1–999 in words; `construct`: the number stands directly before its noun (مئتان → مئتا). */
function belowThousand(n: number, construct: boolean): string {
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) parts.push(construct && hundreds === 2 && rest === 0 ? 'مئتا' : HUNDREDS[hundreds]);
  if (rest >= 20) parts.push(rest % 10 ? `${ONES[rest % 10]}${AND}${TENS[Math.floor(rest / 10)]}` : TENS[rest / 10]);
  else if (rest >= 10) parts.push(TEENS[rest - 10]);
  else if (rest) parts.push(ONES[rest]);
  return parts.join(AND);
}

/**
 * `count` (1–999) of `noun`: «ألف», «ألفان», «ثلاثة آلاف», «اثنا عشر ألفاً», «مئتا ألف».
 * `beforeNoun`: the phrase stands directly before another noun (the currency), which puts a dual
 * or an accusative scale into its construct form. `one`: how a single one reads («ألف» for a
 * scale, «دينار واحد» for the currency).
 */
function counted(count: number, noun: CountedNoun, beforeNoun: boolean, one: string): string {
  if (count === 1) return one;
  if (count === 2) return beforeNoun ? noun.dualConstruct : noun.dual;
  const lastTwo = count % 100;
  const words = belowThousand(count, lastTwo === 0);
  if (lastTwo >= 3 && lastTwo <= 10) return `${words} ${noun.plural}`;
  if (lastTwo >= 11) return `${words} ${beforeNoun ? noun.singular : noun.accusative}`;
  // A round hundred (genitive singular), or a hundred and one or two.
  return `${words} ${noun.singular}`;
}

/** A whole number (0 < n < 10^12) with its counted noun: the dinars or the fils of an amount. */
function countedAmount(n: number, noun: CountedNoun): string {
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const units = groups[0];
  const parts: string[] = [];
  for (let i = groups.length - 1; i >= 1; i -= 1) {
    if (!groups[i]) continue;
    // Nothing below this group: it stands directly before the currency's noun.
    const last = groups.slice(0, i).every((g) => g === 0);
    parts.push(counted(groups[i], SCALES[i - 1], last, SCALES[i - 1].singular));
  }
  if (units === 0) {
    // A round thousand, million…: the currency follows in the genitive singular.
    return `${parts.join(AND)} ${noun.singular}`;
  }
  if (parts.length === 0) return counted(units, noun, false, `${noun.singular} واحد`);
  // After a larger group the units count the noun by the same agreement (ألف وثلاثة دنانير),
  // 1 and 2 included (ألف وواحد دينار, ألف واثنان دينار: the spoken cheque form).
  const lastTwo = units % 100;
  const words = belowThousand(units, lastTwo === 0);
  const form =
    lastTwo >= 3 && lastTwo <= 10 ? noun.plural : lastTwo >= 11 ? noun.accusative : noun.singular;
  return `${parts.join(AND)}${AND}${words} ${form}`;
}

/** The largest whole amount spelt: below a trillion fils' worth of dinars (LIMITS.maxPriceJod is far below). */
const MAX_DINARS = 1e12 - 1;

/**
 * An amount in fils (a whole, non-negative number) in Arabic words: «اثنا عشر ألف دينار»,
 * «خمسون ديناراً ومئتان وخمسون فلساً», «صفر دينار». Throws RangeError outside 0 – 10^12 JOD.
 */
export function filsInWords(fils: number): string {
  if (!Number.isSafeInteger(fils) || fils < 0) throw new RangeError(`not an amount in fils: ${fils}`);
  const dinars = Math.floor(fils / FILS_PER_JOD);
  const rest = fils % FILS_PER_JOD;
  if (dinars > MAX_DINARS) throw new RangeError(`amount too large to spell: ${fils}`);
  if (dinars === 0 && rest === 0) return `صفر ${DINAR.singular}`;
  const parts: string[] = [];
  if (dinars) parts.push(countedAmount(dinars, DINAR));
  if (rest) parts.push(countedAmount(rest, FILS));
  return parts.join(AND);
}

/** A JOD amount (at most 3 decimals) in Arabic words; see filsInWords. */
export function jodInWords(jod: number): string {
  const fils = jodToFils(jod);
  if (fils === undefined) throw new RangeError(`not a JOD amount: ${jod}`);
  return filsInWords(fils);
}
