import fc from 'fast-check';

/**
 * Generated hostile text for the hostile-input tests (HTTP routes and socket events): one
 * character that is never text (C0 and C1 controls, DEL, lone surrogates, a noncharacter)
 * placed among ordinary graphemes.
 */
export const forbiddenCharacter = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u001f',
  '\u007f',
  '\u009b',
  '\ud800',
  '\udfff',
  '\ufffe',
);

/** Ordinary text around the forbidden character. */
export const ordinaryText = fc.string({ maxLength: 40, unit: 'grapheme' });
