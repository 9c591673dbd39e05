import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { Auction, Bid, filsToJod, SocketEvents } from '@mazad/contracts';
import { toBid } from '../../auctions';
import { BidPlacedEvent } from '../../auctions/events/bid-placed.event';
import { RealtimePublisher } from '../realtime.publisher';

interface PendingBroadcast {
  auction?: Auction;
  bids: Bid[];
  outbid: Map<string, number>;
}

/**
 * At most one `new_bid` per auction per this interval from one replica: under a storm, bids of
 * consecutive batches inside the window travel together, so the fan-out cost (messages × watchers)
 * stays bounded while a lone bid still goes out at once.
 */
const MIN_BROADCAST_INTERVAL_MS = 100;

/**
 * Bids carried inside the broadcast auction object: enough for a card's last three. The message's
 * own `bids` holds every bid since the previous message, so clients merge instead of losing any;
 * a small payload is what lets one replica feed thousands of watchers.
 */
const BIDS_IN_BROADCAST = 5;

/**
 * Watchers get `new_bid { auction, bid, bids }`; outbid members get a private `outbid` notice.
 * Bids committed together (one engine batch, published in the same tick, or batches within
 * MIN_BROADCAST_INTERVAL_MS) go out as ONE message carrying the latest auction.
 */
@EventsHandler(BidPlacedEvent)
export class BidBroadcastHandler implements IEventHandler<BidPlacedEvent> {
  private readonly pending = new Map<string, PendingBroadcast>();
  private readonly lastFlush = new Map<string, number>();

  constructor(private readonly publisher: RealtimePublisher) {}

  handle(event: BidPlacedEvent) {
    let entry = this.pending.get(event.auctionId);
    if (!entry) {
      entry = { bids: [], outbid: new Map() };
      this.pending.set(event.auctionId, entry);
      const wait = (this.lastFlush.get(event.auctionId) ?? 0) + MIN_BROADCAST_INTERVAL_MS - Date.now();
      if (wait > 0) setTimeout(() => this.flush(event.auctionId), wait);
      else setImmediate(() => this.flush(event.auctionId));
    }
    entry.auction = event.auction ?? entry.auction;
    // The same presenter as the REST answers (a bid just placed is never cancelled).
    const name = event.auction?.bids.find((b) => b.id === event.bidId)?.bidder.name;
    entry.bids.push(
      toBid(
        { id: event.bidId, bidderId: event.bidderId, amountFils: event.amountFils, createdAt: event.createdAt },
        name,
      ),
    );
    if (event.outbidUserId) entry.outbid.set(event.outbidUserId, event.amountFils);
    entry.outbid.delete(event.bidderId);
  }

  private flush(auctionId: string) {
    const entry = this.pending.get(auctionId);
    this.pending.delete(auctionId);
    if (!entry || !entry.auction) return;
    this.lastFlush.set(auctionId, Date.now());
    // Forget quiet auctions so the map does not grow with every auction ever bid on.
    setTimeout(() => {
      if (Date.now() - (this.lastFlush.get(auctionId) ?? 0) >= MIN_BROADCAST_INTERVAL_MS)
        this.lastFlush.delete(auctionId);
    }, MIN_BROADCAST_INTERVAL_MS * 2).unref();
    const bid = entry.bids[entry.bids.length - 1];
    const auction = { ...entry.auction, bids: entry.auction.bids.slice(-BIDS_IN_BROADCAST) };
    this.publisher.toAuction(auctionId, SocketEvents.NewBid, { auction, bid, bids: entry.bids });
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
