import { describe, expect, it } from 'vitest';
import { antiSnipingEnd } from './anti-sniping';

describe('anti-sniping: endTime = max(endTime, bidTime + extension)', () => {
  const end = new Date('2026-01-01T12:00:00.000Z');
  const at = (iso: string) => new Date(iso);

  it('a bid in the last seconds moves the end to bid time + extension', () => {
    expect(antiSnipingEnd(end, at('2026-01-01T11:59:30.000Z'), 90)).toEqual(at('2026-01-01T12:01:00.000Z'));
  });

  it('a bid exactly extension before the end leaves it where it is', () => {
    expect(antiSnipingEnd(end, at('2026-01-01T11:58:30.000Z'), 90)).toEqual(end);
  });

  it('a bid long before the end changes nothing (the end never moves earlier)', () => {
    expect(antiSnipingEnd(end, at('2026-01-01T08:00:00.000Z'), 90)).toEqual(end);
  });

  it('follows the configured extension', () => {
    expect(antiSnipingEnd(end, at('2026-01-01T11:59:59.000Z'), 20)).toEqual(at('2026-01-01T12:00:19.000Z'));
  });

  it('takes the API’s ISO strings and epoch milliseconds', () => {
    expect(antiSnipingEnd(end.toISOString(), Date.parse('2026-01-01T11:59:30.000Z'), 90)).toEqual(
      at('2026-01-01T12:01:00.000Z'),
    );
  });
});
