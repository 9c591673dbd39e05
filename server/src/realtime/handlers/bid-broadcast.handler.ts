import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { Auction, Bid, filsToJod, SocketEvents } from '@mazad/contracts';
import { BidPlacedEvent } from '../../auctions/events/bid-placed.event';
import { RealtimePublisher } from '../realtime.publisher';

interface PendingBroadcast {
  auction?: Auction;
  bids: Bid[];
  outbid: Map<string, number>;
}

/**
 * Watchers get `new_bid { auction, bid, bids }`; outbid members get a private `outbid` notice.
 * Bids committed together (one engine batch, published in the same tick) go out as ONE message
 * carrying the auction after the batch, so fan-out cost follows batches, not single bids.
 */
@EventsHandler(BidPlacedEvent)
export class BidBroadcastHandler implements IEventHandler<BidPlacedEvent> {
  private readonly pending = new Map<string, PendingBroadcast>();

  constructor(private readonly publisher: RealtimePublisher) {}

  handle(event: BidPlacedEvent) {
    let entry = this.pending.get(event.auctionId);
    if (!entry) {
      entry = { bids: [], outbid: new Map() };
      this.pending.set(event.auctionId, entry);
      setImmediate(() => this.flush(event.auctionId));
    }
    entry.auction = event.auction ?? entry.auction;
    const name = event.auction?.bids.find((b) => b.id === event.bidId)?.bidder.name ?? 'مستخدم';
    entry.bids.push({
      _id: event.bidId,
      id: event.bidId,
      amount: filsToJod(event.amountFils),
      bidder: { _id: event.bidderId, id: event.bidderId, name },
      createdAt: event.auction?.bids.find((b) => b.id === event.bidId)?.createdAt ?? new Date().toISOString(),
    });
    if (event.outbidUserId) entry.outbid.set(event.outbidUserId, event.amountFils);
    entry.outbid.delete(event.bidderId);
  }

  private flush(auctionId: string) {
    const entry = this.pending.get(auctionId);
    this.pending.delete(auctionId);
    if (!entry || !entry.auction) return;
    const bid = entry.bids[entry.bids.length - 1];
    this.publisher.toAuction(auctionId, SocketEvents.NewBid, { auction: entry.auction, bid, bids: entry.bids });
    for (const [userId, amountFils] of entry.outbid) {
      this.publisher.toUser(userId, SocketEvents.Outbid, {
        auctionId,
        title: entry.auction.title,
        amount: filsToJod(amountFils),
        currentPrice: entry.auction.currentPrice,
        message: `تم تجاوز مزايدتك على "${entry.auction.title}"`,
      });
    }
  }
}
