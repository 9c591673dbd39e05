/**
 * Character classes of member input, and what the API does with each (docs/security.md,
 * "Input that never gives a 500"):
 *
 * 1. Never text — C0 controls except TAB, LF and CR (NUL included), DEL, C1 controls, unpaired
 *    UTF-16 surrogates and the noncharacters U+FFFE/U+FFFF. No keyboard types them; PostgreSQL
 *    cannot store NUL; a lone surrogate silently becomes U+FFFD on the way to the database.
 *    REFUSED in every string the API accepts (InputHygienePipe), never stripped: silently
 *    changing a value (a password, a name) would hide the attack and store something the member
 *    did not send.
 * 2. Line breaks and tabs (LF, CR, TAB, U+2028, U+2029, VT/FF are already class 1) — normal in
 *    descriptions, messages and comments; REFUSED in single-line fields (SingleLineText: names,
 *    locations, titles), where a line break could forge a line of an e-mail or a log.
 * 3. Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) —
 *    REFUSED in single-line fields, whose text is shown inline beside other text (a bidder's
 *    name beside an amount) where an override would reorder what follows it. Accepted in
 *    multi-line free text: it is shown as its own paragraph, where the Unicode bidi algorithm
 *    ends every embedding, and only reorders its author's own words.
 * 4. Invisible formatting characters (zero-width space/joiners, LRM/RLM/ALM, word joiner, BOM,
 *    soft hyphen…) — accepted (ZWNJ, ZWJ, LRM and RLM have real uses in Arabic and mixed text),
 *    but a single-line field made only of them and spaces is refused as empty.
 */

/** Class 1, as a test for one UTF-16 code unit (surrogates are checked in pairs, below). */
function isNeverTextUnit(unit: number): boolean {
  if (unit <= 0x1f) return unit !== 0x09 && unit !== 0x0a && unit !== 0x0d;
  if (unit >= 0x7f && unit <= 0x9f) return true;
  return unit === 0xfffe || unit === 0xffff;
}

/**
 * True when `text` holds a class-1 character (a control character other than TAB/LF/CR, an
 * unpaired surrogate or U+FFFE/U+FFFF). One pass over the code units, no regular expression.
 */
export function hasForbiddenCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i += 1;
        continue;
      }
      return true;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) return true;
    if (isNeverTextUnit(unit)) return true;
  }
  return false;
}

/**
 * Classes 2–4 are checks of the shared one-line field rule (contracts' fields/checks.ts), which
 * the web's forms run too.
 */
export { BIDI_CONTROLS, hasVisibleText, LINE_BREAKS } from '@mazad/contracts';
