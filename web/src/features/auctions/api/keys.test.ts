import { describe, expect, it } from 'vitest';
import { auctionKeys, normalizeListParams } from './keys';

describe('auctionKeys', () => {
  it('nests every list and detail under the feature root, so one invalidation reaches them all', () => {
    const root = auctionKeys.all;
    for (const key of [
      auctionKeys.lists(),
      auctionKeys.list({ page: 2 }),
      auctionKeys.details(),
      auctionKeys.detail('a1'),
    ]) {
      expect(key.slice(0, root.length)).toEqual(root);
    }
    expect(auctionKeys.list({ page: 2 }).slice(0, 2)).toEqual(auctionKeys.lists());
    expect(auctionKeys.detail('a1').slice(0, 2)).toEqual(auctionKeys.details());
  });

  it('gives equivalent list parameters one key (empty values and defaults left out)', () => {
    expect(auctionKeys.list({ category: 'الكل', search: '  ', page: 1, timeFilter: 'all' })).toEqual(
      auctionKeys.list(),
    );
    expect(auctionKeys.list({ search: ' هاتف ', page: 3.7 })).toEqual(auctionKeys.list({ search: 'هاتف', page: 3 }));
    expect(normalizeListParams({ category: 'سيارات', limit: 50 })).toEqual({ category: 'سيارات', limit: 50 });
  });

  it("keeps a seller's rating under the members' key, so a member refresh reaches the cards' stars", () => {
    expect(auctionKeys.sellerRating('s1')).toEqual(['users', 's1', 'rating-stats']);
  });
});
