import { AuctionStatus, SocketEvents, type Auction, type AuctionOutcomePayload } from '@mazad/contracts';
import type { RealtimePublisher } from '../realtime.publisher';

const party = ({ _id, id, name }: { _id: string; id: string; name: string }) => ({ _id, id, name });

/**
 * What an ended auction (time ran out, or buy-now) tells the members it concerns, in their
 * `user:<id>` rooms, so their own screens refresh without watching the auction: sold → the
 * seller hears `auction_sold`, the winner `auction_won`, and both `conversation_created` (a
 * sale is what opens their chat); unsold → the seller hears `auction_unsold`.
 */
export function publishOutcome(publisher: RealtimePublisher, auction: Auction): void {
  const seller = party(auction.seller);
  const winner = auction.winner && party(auction.winner);
  const outcome: AuctionOutcomePayload = {
    auctionId: auction._id,
    title: auction.title,
    status: auction.status,
    currentPrice: auction.currentPrice,
    seller,
    winner,
  };
  if (auction.status !== AuctionStatus.Sold || !winner) {
    publisher.toUser(seller._id, SocketEvents.AuctionUnsold, outcome);
    return;
  }
  publisher.toUser(seller._id, SocketEvents.AuctionSold, outcome);
  publisher.toUser(winner._id, SocketEvents.AuctionWon, outcome);
  const conversation = { auctionId: auction._id, title: auction.title, seller, winner };
  for (const member of [seller, winner]) publisher.toUser(member._id, SocketEvents.ConversationCreated, conversation);
}
