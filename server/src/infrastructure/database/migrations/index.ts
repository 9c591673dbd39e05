/**
 * Every migration, in order. Listed explicitly (not globbed) so the same list works from
 * TypeScript sources in tests and from compiled JavaScript in production.
 */
import { Users1732250000000 } from './1732250000000-users';
import { AuctionsAndBids1732260000000 } from './1732260000000-auctions-and-bids';

export const MIGRATIONS = [Users1732250000000, AuctionsAndBids1732260000000];
