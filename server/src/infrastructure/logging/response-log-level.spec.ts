import type { CallHandler, ExecutionContext } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { of } from 'rxjs';
import { RefusalsAreAnswers, responseLogLevel } from './response-log-level';

const response = (statusCode: number) => ({ statusCode }) as ServerResponse;

/** A response of a route marked with RefusalsAreAnswers (the bid path). */
function bidPathResponse(statusCode: number): ServerResponse {
  const raw = response(statusCode);
  const context = { switchToHttp: () => ({ getResponse: () => ({ raw }) }) } as unknown as ExecutionContext;
  new RefusalsAreAnswers().intercept(context, { handle: () => of(null) } as CallHandler);
  return raw;
}

describe('responseLogLevel', () => {
  it('logs answers at info, 4xx at warn, failures at error', () => {
    expect(responseLogLevel(response(200))).toBe('info');
    expect(responseLogLevel(response(404))).toBe('warn');
    expect(responseLogLevel(response(503))).toBe('error');
    expect(responseLogLevel(response(500))).toBe('error');
    expect(responseLogLevel(response(200), new Error('socket hang up'))).toBe('error');
  });

  it('logs the refusals of the bid path (a 4xx, AUCTION_BUSY) at debug, its failures still at error', () => {
    expect(responseLogLevel(bidPathResponse(409))).toBe('debug');
    expect(responseLogLevel(bidPathResponse(429))).toBe('debug');
    expect(responseLogLevel(bidPathResponse(503))).toBe('debug');
    expect(responseLogLevel(bidPathResponse(200))).toBe('info');
    expect(responseLogLevel(bidPathResponse(500))).toBe('error');
  });
});
