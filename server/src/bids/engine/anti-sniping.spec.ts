import { antiSnipingEndSql } from './anti-sniping';

describe('anti-sniping in SQL', () => {
  // The rule itself is contracts' antiSnipingEnd (tested there); bidding.e2e-spec.ts checks the
  // database applies it.
  it('is max(end_time, bid time + extension) by the database clock', () => {
    expect(antiSnipingEndSql('$5')).toBe('GREATEST(end_time, now() + make_interval(secs => $5))');
  });
});
