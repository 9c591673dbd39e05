import { describe, expect, it } from 'vitest';
import {
  AUCTION_STATUS_FILTERS,
  AUCTION_STATUS_VALUES,
  AuctionStatus,
  isOpenStatus,
  statusesOfFilter,
  StatusFilterWord,
} from './auction-status';

describe('auction statuses', () => {
  it('an auction is active, sold, unsold, cancelled or deleted; only active is open', () => {
    expect([...AUCTION_STATUS_VALUES].sort()).toEqual(['غير مباع', 'محذوف', 'ملغي', 'مباع', 'نشط'].sort());
    expect(AUCTION_STATUS_VALUES.filter(isOpenStatus)).toEqual([AuctionStatus.Active]);
  });

  it('a status filter selects its status; منتهي the sold and unsold ones; قيد الانتظار none', () => {
    expect(AUCTION_STATUS_FILTERS).toEqual([...AUCTION_STATUS_VALUES, 'منتهي', 'قيد الانتظار']);
    for (const status of AUCTION_STATUS_VALUES) expect(statusesOfFilter(status)).toEqual([status]);
    expect(statusesOfFilter(StatusFilterWord.Ended)).toEqual([AuctionStatus.Sold, AuctionStatus.Unsold]);
    expect(statusesOfFilter(StatusFilterWord.Pending)).toEqual([]);
  });
});
