import { describe, expect, it } from 'vitest';
import { scrollHints } from './use-scroll-hints';

describe('scrollHints', () => {
  it('says which sides have more, in a right-to-left scroller (negative scrollLeft) as in a left-to-right one', () => {
    expect(scrollHints({ scrollLeft: 0, scrollWidth: 300, clientWidth: 300 })).toEqual({ before: false, after: false });
    expect(scrollHints({ scrollLeft: 0, scrollWidth: 800, clientWidth: 300 })).toEqual({ before: false, after: true });
    expect(scrollHints({ scrollLeft: -250, scrollWidth: 800, clientWidth: 300 })).toEqual({
      before: true,
      after: true,
    });
    expect(scrollHints({ scrollLeft: -500, scrollWidth: 800, clientWidth: 300 })).toEqual({
      before: true,
      after: false,
    });
    expect(scrollHints({ scrollLeft: 500, scrollWidth: 800, clientWidth: 300 })).toEqual({
      before: true,
      after: false,
    });
  });
});
