import { type Auction } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { ownMaxBidQuery } from '../api/max-bid';
import { standingOf, type Standing } from '../lib/standing';

/**
 * Where the signed-in member stands on `auction`: 'leading', 'outbid' or null (lib/standing.ts).
 * Live wherever the auction comes from the query cache (the room's new_bid and auction_updated
 * move it). The member's maximum is read from the cache only, never fetched here: the auction
 * page reads it (useOwnMaxBid), a card shows what the bids alone say until then. Exported from
 * the feature for the cards.
 */
export function useStanding(auction: Pick<Auction, '_id' | 'status'> & Parameters<typeof standingOf>[0]): Standing {
  const { user } = useSession();
  const own = useQuery({ ...ownMaxBidQuery(auction._id), enabled: false });
  return standingOf(auction, user?._id, Boolean(own.data?.maxBid));
}
