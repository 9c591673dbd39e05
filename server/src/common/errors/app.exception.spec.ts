import { ERROR_MESSAGES, ERROR_STATUS, ERRORS, ErrorCode } from '@mazad/contracts';
import { AppException, MAX_ECHOED_TEXT, MAX_LISTED_ERRORS } from './app.exception';

const codes = Object.keys(ERRORS) as ErrorCode[];
const ARABIC = /[\u0600-\u06FF]/;

describe('the ERRORS table (contracts/src/errors.ts)', () => {
  it.each(codes)('%s has one HTTP error status and an Arabic text', (code) => {
    const { status, message } = ERRORS[code];
    expect(Number.isInteger(status) && status >= 400 && status <= 599).toBe(true);
    expect(message).toMatch(ARABIC);
    expect(message.trim()).toBe(message);
  });

  it('ERROR_MESSAGES and ERROR_STATUS are the same table, code for code', () => {
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...codes].sort());
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      expect(ERROR_MESSAGES[code]).toBe(ERRORS[code].message);
      expect(ERROR_STATUS[code]).toBe(ERRORS[code].status);
    }
  });

  it('codes are stable machine names', () => {
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });
});

describe('AppException', () => {
  it.each(codes)('%s answers with the status and text of the table', (code) => {
    const err = new AppException(code);
    expect(err.getStatus()).toBe(ERRORS[code].status);
    expect(err.getResponse()).toEqual({
      statusCode: ERRORS[code].status,
      code,
      message: ERRORS[code].message,
      error: ERRORS[code].message,
    });
  });

  it('adds extras to the body and lets the throw site give a more precise text', () => {
    const err = new AppException('TOO_MANY_IMAGES', {
      message: 'لا يمكن رفع أكثر من 3 صور',
      errors: [{ field: 'images', message: 'x' }],
    });
    expect(err.getStatus()).toBe(400);
    expect(err.getResponse()).toMatchObject({
      statusCode: 400,
      code: 'TOO_MANY_IMAGES',
      message: 'لا يمكن رفع أكثر من 3 صور',
      error: 'لا يمكن رفع أكثر من 3 صور',
      errors: [{ field: 'images', message: 'x' }],
    });
  });

  it('extras such as attemptsLeft join the body beside the status of the table', () => {
    const err = new AppException('OTP_INVALID', { attemptsLeft: 2 });
    expect(err.getResponse()).toMatchObject({ statusCode: 400, code: 'OTP_INVALID', attemptsLeft: 2 });
  });

  it('lists at most MAX_LISTED_ERRORS field errors and counts the rest', () => {
    const errors = Array.from({ length: 5000 }, (_, i) => ({ field: `f${i}`, message: `حقل غير مسموح به: f${i}` }));
    const body = new AppException('UNKNOWN_FIELD', { errors, message: errors[0].message }).getResponse();
    expect(body).toMatchObject({ errors: errors.slice(0, MAX_LISTED_ERRORS), errorsOmitted: 5000 - MAX_LISTED_ERRORS });
    expect(new AppException('UNKNOWN_FIELD', { errors: errors.slice(0, 3) }).getResponse()).not.toHaveProperty(
      'errorsOmitted',
    );
  });

  it('cuts a long field name and message it echoes, never inside a surrogate pair', () => {
    const field = 'x'.repeat(100_000);
    const body = new AppException('UNKNOWN_FIELD', {
      errors: [{ field, message: `حقل غير مسموح به: ${field}` }],
      message: `حقل غير مسموح به: ${field}`,
    }).getResponse() as { message: string; error: string; errors: { field: string; message: string }[] };
    for (const text of [body.message, body.error, body.errors[0].field, body.errors[0].message]) {
      expect(text.length).toBeLessThanOrEqual(MAX_ECHOED_TEXT + 1);
      expect(text.endsWith('…')).toBe(true);
    }
    const emoji = 'a' + '😀'.repeat(MAX_ECHOED_TEXT);
    const cut = (new AppException('VALIDATION_ERROR', { message: emoji }).getResponse() as { message: string }).message;
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
