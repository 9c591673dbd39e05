import { describe, expect, it } from 'vitest';
import {
  codeDigits,
  foldDigits,
  formatPhone,
  jordanMobile,
  parseJod,
  parseNumber,
  parseWholeNumber,
  phoneInput,
  type NumberReading,
} from './numbers';

const ok = (value: number): NumberReading => ({ ok: true, value });
const no = (reason: 'empty' | 'invalid' | 'decimals'): NumberReading => ({ ok: false, reason });

describe('foldDigits', () => {
  it('reads Arabic-Indic and Persian digits as 0-9 and keeps the rest', () => {
    expect(foldDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(foldDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(foldDigits('سعر ١٢٥ JOD 7')).toBe('سعر 125 JOD 7');
  });
});

describe('parseNumber', () => {
  it.each([
    ['1250', 1250],
    ['1250.5', 1250.5],
    ['.5', 0.5],
    ['5.', 5],
    ['+7', 7],
    ['-3', -3],
    ['\u22123', -3],
    ['007', 7],
    ['-0', 0],
  ])('reads plain digits: %s', (text, value) => {
    expect(parseNumber(text)).toEqual(ok(value));
  });

  it.each([
    ['١٢٥٠', 1250],
    ['۱۲۵۰', 1250],
    ['١٢٥٠٫٥', 1250.5],
    ['١٬٢٥٠٫٥٠٠', 1250.5],
    ['۱٬۲۵۰٫۵', 1250.5],
    ['١,٢٥٠.٥', 1250.5],
  ])('reads Arabic-Indic and Persian digits with the Arabic separators: %s', (text, value) => {
    expect(parseNumber(text)).toEqual(ok(value));
  });

  it.each([
    ['1,250.500', 1250.5],
    ['1,250', 1250],
    ['12,345,678', 12345678],
    ['1 250', 1250],
    ['1\u00A0250,5', Number.NaN],
    ['1\u202F250.25', 1250.25],
    ['1\u2009250', 1250],
    ["1'250", 1250],
    ['1،250', 1250],
    ['1٬250٬000', 1250000],
  ])('reads pasted thousands separators between groups of three: %s', (text, value) => {
    if (Number.isNaN(value)) expect(parseNumber(text)).toEqual(no('invalid'));
    else expect(parseNumber(text)).toEqual(ok(value));
  });

  it.each([
    ['\u200F1250', 1250],
    ['1250\u200F', 1250],
    ['\u200E١٢٥٠\u200E', 1250],
    ['\u061C1,250.5', 1250.5],
    ['\u2067150\u2069', 150],
    ['  150  ', 150],
    ['\u00A0150\u00A0', 150],
    ['\uFEFF150', 150],
  ])('ignores direction marks and spaces around it: %j', (text, value) => {
    expect(parseNumber(text)).toEqual(ok(value));
  });

  it.each(['', '   ', '\u200F', '\u200E \u200F'])('calls nothing typed empty: %j', (text) => {
    expect(parseNumber(text)).toEqual(no('empty'));
  });

  it.each([
    '12,5', // a decimal comma? refused rather than read as 125 or 12.5
    '12,50',
    '1,2345',
    '1,,250',
    ',250',
    '1,250,',
    '1.250,5',
    '1.2.3',
    '1٫2٫3',
    '1e3',
    '0x10',
    'Infinity',
    'NaN',
    '12abc',
    'abc',
    '.',
    '+',
    '-',
    '--5',
    '5-',
    '1 2',
    '12 345 67',
  ])('refuses what is not one number: %j', (text) => {
    expect(parseNumber(text)).toEqual(no('invalid'));
  });

  it('counts decimals without trailing zeros when a limit is given', () => {
    expect(parseNumber('1.2345', { maxDecimals: 3 })).toEqual(no('decimals'));
    expect(parseNumber('1.2340', { maxDecimals: 3 })).toEqual(ok(1.234));
    expect(parseNumber('2.5000', { maxDecimals: 3 })).toEqual(ok(2.5));
    expect(parseNumber('1.2345')).toEqual(ok(1.2345));
  });
});

describe('parseJod', () => {
  it('keeps at most 3 decimals (fils)', () => {
    expect(parseJod('١٬٢٥٠٫٥٠٠')).toEqual(ok(1250.5));
    expect(parseJod('1,250.500')).toEqual(ok(1250.5));
    expect(parseJod('0.001')).toEqual(ok(0.001));
    expect(parseJod('0.0005')).toEqual(no('decimals'));
    expect(parseJod('١٫٢٣٤٥')).toEqual(no('decimals'));
    expect(parseJod('')).toEqual(no('empty'));
    expect(parseJod('عشرة')).toEqual(no('invalid'));
  });
});

describe('parseWholeNumber', () => {
  it('reads whole numbers only', () => {
    expect(parseWholeNumber('١٢')).toEqual(ok(12));
    expect(parseWholeNumber('-٣')).toEqual(ok(-3));
    expect(parseWholeNumber('1,000')).toEqual(ok(1000));
    expect(parseWholeNumber('3.0')).toEqual(ok(3));
    expect(parseWholeNumber('3.5')).toEqual(no('invalid'));
    expect(parseWholeNumber(' ')).toEqual(no('empty'));
  });
});

describe('codeDigits', () => {
  it.each([
    ['123456', '123456'],
    ['١٢٣٤٥٦', '123456'],
    ['۱۲۳۴۵۶', '123456'],
    ['123 456', '123456'],
    ['١٢٣-٤٥٦', '123456'],
    ['\u200F123456\u200F', '123456'],
    [' 12 34 56 ', '123456'],
    ['12a456', '12a456'],
  ])('%j → %j', (text, code) => {
    expect(codeDigits(text)).toBe(code);
  });
});

describe('jordanMobile', () => {
  it.each([
    '0791234567',
    '791234567',
    '962791234567',
    '+962791234567',
    '00962791234567',
    '+962 79 123 4567',
    '079-123-4567',
    '079 123 4567',
    '(079) 123-4567',
    '+962 (0)79 123 4567',
    '٠٧٩١٢٣٤٥٦٧',
    '+٩٦٢٧٩١٢٣٤٥٦٧',
    '۰۷۹۱۲۳۴۵۶۷',
    '\u200E+962 79 123 4567\u200E',
    '079.123.4567',
  ])('reads %j as +962791234567', (text) => {
    expect(jordanMobile(text)).toBe('+962791234567');
  });

  it('knows the three mobile prefixes', () => {
    expect(jordanMobile('0771234567')).toBe('+962771234567');
    expect(jordanMobile('0781234567')).toBe('+962781234567');
    expect(jordanMobile('0791234567')).toBe('+962791234567');
  });

  it.each([
    '', // nothing
    '0761234567', // no such network
    '064612345', // an Amman landline
    '07912345', // a digit short
    '07912345678', // a digit too many
    '+966501234567', // Saudi
    '+447911123456', // United Kingdom
    '0791234567x',
    '09620791234567',
  ])('refuses %j', (text) => {
    expect(jordanMobile(text)).toBeNull();
  });

  it('formatPhone shows the stored form in groups, and any other text as it is', () => {
    expect(formatPhone('+962791234567')).toBe('+962 79 123 4567');
    expect(formatPhone('+966501234567')).toBe('+966501234567');
    expect(formatPhone('')).toBe('');
  });

  it('phoneInput stores the one form, or leaves the text (trimmed) for the rule to refuse', () => {
    expect(phoneInput(' ٠٧٩ ١٢٣ ٤٥٦٧ ')).toBe('+962791234567');
    expect(phoneInput(' +966501234567 ')).toBe('+966501234567');
  });
});
