import { HttpException, NotFoundException } from '@nestjs/common';
import { ERROR_MESSAGES } from '@mazad/contracts';
import { AppException } from './app.exception';
import { describeError } from './error-body';

describe('describeError (the error body of HTTP answers and socket acknowledgements)', () => {
  it('keeps the body of an AppException, extras included', () => {
    const err = new AppException('BID_RATE_LIMITED', { retryAfter: 12 });
    expect(describeError(err)).toEqual({ status: 429, body: err.getResponse(), unexpected: false });
  });

  it("gives Nest's own exceptions the code of their status, with the Arabic text", () => {
    expect(describeError(new NotFoundException())).toEqual({
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND, error: ERROR_MESSAGES.NOT_FOUND },
      unexpected: false,
    });
    expect(describeError(new HttpException('teapot', 418)).body.code).toBe('VALIDATION_ERROR');
    expect(describeError(new HttpException('bad gateway', 502))).toMatchObject({
      status: 502,
      body: { code: 'INTERNAL_ERROR' },
      unexpected: true,
    });
  });

  it('answers anything else as 500 INTERNAL_ERROR without its text, flagged for the log', () => {
    const described = describeError(new Error('connection terminated: password=secret'));
    expect(described).toEqual({
      status: 500,
      body: {
        statusCode: 500,
        code: 'INTERNAL_ERROR',
        message: ERROR_MESSAGES.INTERNAL_ERROR,
        error: ERROR_MESSAGES.INTERNAL_ERROR,
      },
      unexpected: true,
    });
  });
});
