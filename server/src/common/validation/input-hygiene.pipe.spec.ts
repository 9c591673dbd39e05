import { AppException } from '../errors/app.exception';
import { jsonDepthExceeds } from '../http/body-parsers';
import { InputHygienePipe, MAX_INPUT_DEPTH } from './input-hygiene.pipe';
import { BIDI_CONTROLS, hasForbiddenCharacters, hasVisibleText, LINE_BREAKS } from './text-hygiene';

describe('character classes (text-hygiene.ts)', () => {
  it('class 1: control characters other than TAB/LF/CR, DEL, C1, lone surrogates, U+FFFE/U+FFFF', () => {
    for (const bad of [
      '\u0000',
      'a\u0001',
      '\u001f',
      '\u007f',
      '\u0080',
      '\u009f',
      '\ud800',
      'x\udc00',
      '\udbff',
      '\ufffe',
      '\uffff',
    ]) {
      expect({ bad, forbidden: hasForbiddenCharacters(bad) }).toEqual({ bad, forbidden: true });
    }
    for (const ok of ['', 'سارة', 'a\tb\nc\r\n', '🕰️ 👍🏽', '\u200f\u200c\u202e', '\u00a0\u00ad', '\ud83d\ude00']) {
      expect({ ok, forbidden: hasForbiddenCharacters(ok) }).toEqual({ ok, forbidden: false });
    }
  });

  it('classes 2–4: line breaks, bidi controls, visible text', () => {
    expect(['\n', '\r', '\t', '\u2028', '\u2029'].every((c) => LINE_BREAKS.test(`a${c}b`))).toBe(true);
    expect(
      ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'].every((c) =>
        BIDI_CONTROLS.test(c),
      ),
    ).toBe(true);
    expect(BIDI_CONTROLS.test('\u200f')).toBe(false);
    for (const empty of ['', '   ', '\u200b\u200c', '\u200f', 'ـــ', 'ًٌ', '\u3164', '\ufeff\u00ad']) {
      expect({ empty, visible: hasVisibleText(empty) }).toEqual({ empty, visible: false });
    }
    for (const text of ['أ', 'a', '7', '٣', 'عبد\u200fالله']) expect(hasVisibleText(text)).toBe(true);
  });
});

describe('InputHygienePipe', () => {
  const pipe = new InputHygienePipe();
  const refusal = (value: unknown, type: 'body' | 'query' | 'param' = 'body', data?: string) => {
    try {
      pipe.transform(value, { type, data });
    } catch (err) {
      return (err as AppException).getResponse();
    }
    return undefined;
  };

  it('passes clean values unchanged, ignores custom parameters', () => {
    const body = { a: 'سارة', b: [1, 'x', { c: null }], d: true };
    expect(pipe.transform(body, { type: 'body' })).toBe(body);
    expect(pipe.transform('\u0000', { type: 'custom' })).toBe('\u0000');
  });

  it('names every offending field, nested paths and array entries included, in the order sent', () => {
    expect(refusal({ a: 'x\u0000', s: { details: '\u0001' }, images: ['/a', '\ud800'] })).toMatchObject({
      statusCode: 400,
      code: 'INVALID_CHARACTERS',
      message: 'الحقل "a" يحتوي على رموز تحكم غير مسموح بها',
      errors: [{ field: 'a' }, { field: 's.details' }, { field: 'images.1' }],
    });
    expect(refusal('\u0000', 'param', 'id')).toMatchObject({ errors: [{ field: 'id' }] });
    expect(refusal({ ['k\u0000']: 'v' }, 'query')).toMatchObject({ errors: [{ field: 'k\\u0000' }] });
  });

  it('refuses prototype keys at any depth as unknown fields, naming them', () => {
    expect(refusal(JSON.parse('{"a":"x","__proto__":{"isAdmin":true}}'))).toMatchObject({
      statusCode: 400,
      code: 'UNKNOWN_FIELD',
      message: 'حقل غير مسموح به: __proto__',
      errors: [{ field: '__proto__' }],
    });
    expect(refusal({ s: [{ constructor: 1 }] })).toMatchObject({ errors: [{ field: 's.0.constructor' }] });
    expect(refusal({ prototype: 'x' }, 'query')).toMatchObject({ code: 'UNKNOWN_FIELD' });
    expect(refusal({ proto: 'x', constructorName: 'y' })).toBeUndefined();
  });

  it('refuses nesting deeper than MAX_INPUT_DEPTH without recursion', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(refusal(deep)).toMatchObject({ statusCode: 400, code: 'INPUT_TOO_DEEP' });
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH; i += 1) ok = { a: ok };
    expect(refusal(ok)).toBeUndefined();
  });
});

describe('jsonDepthExceeds (body-parsers.ts)', () => {
  const depth = (text: string, limit: number) => jsonDepthExceeds(Buffer.from(text), limit);
  it('counts structure only', () => {
    expect(depth('[[[]]]', 3)).toBe(false);
    expect(depth('[[[[]]]]', 3)).toBe(true);
    expect(depth('{"a":"[[[[[[\\"[[[["}', 1)).toBe(false);
    expect(depth('{"a":{"b":{"c":1}}}', 2)).toBe(true);
    expect(depth('['.repeat(10_000) + ']'.repeat(10_000), 32)).toBe(true);
  });
});
