import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { Auction, Bid, filsToJod, SocketEvents } from '@mazad/contracts';
import { toBid, toLiveAuction } from '../../auctions';
import { BidPlacedEvent } from '../../auctions/events/bid-placed.event';
import { Metrics } from '../../infrastructure/metrics';
import { RealtimePublisher } from '../realtime.publisher';

interface PendingBroadcast {
  /** The latest auction read after a commit (the live view is cut from it at flush time). */
  auction?: Auction;
  /** The latest bid this replica committed since its previous message. */
  bid?: Bid;
  outbid: Map<string, number>;
  /** When the oldest bid this message will carry was committed (`performance.now()`). */
  firstCommittedAt: number;
}

/**
 * The coalescing window of `new_bid`, per auction per replica (docs/realtime.md, "Adaptive
 * window"). One replica writes each message once per watcher socket it holds, and hears the
 * messages of every replica: with R replicas each sending one message per window w to W local
 * watchers, it writes R × W / w frames per second. The window is the shortest that keeps this
 * under FANOUT_FRAMES_PER_SEC, within [MIN_WINDOW_MS, MAX_WINDOW_MS]:
 *   - MIN_WINDOW_MS: a lively auction with a few hundred watchers still hears its bids within
 *     about this (a lone bid after a quiet spell goes out at once, with no wait at all);
 *   - FANOUT_FRAMES_PER_SEC: what one replica of this machine writes while its commit→watcher
 *     p99 stays low (measured with the fan-out scenario of the benchmark, see docs/realtime.md);
 *   - MAX_WINDOW_MS: the bound on how stale a watcher's price may be, whatever the crowd.
 */
export const MIN_WINDOW_MS = 50;
export const MAX_WINDOW_MS = 500;
export const FANOUT_FRAMES_PER_SEC = 20_000;

/** The window after a message of an auction with `localWatchers` sockets here and `replicas` replicas. */
export function broadcastWindowMs(localWatchers: number, replicas: number): number {
  const ms = Math.ceil((replicas * localWatchers * 1000) / FANOUT_FRAMES_PER_SEC);
  return Math.min(MAX_WINDOW_MS, Math.max(MIN_WINDOW_MS, ms));
}

/**
 * Watchers get `new_bid { auction: LiveAuction, bid }`; outbid members get a private `outbid`
 * notice. Bids committed together (one engine batch, published in the same tick, or batches
 * within the auction's window) go out as ONE message carrying the latest live view: its `seq`
 * tells clients how many bids it covers, and a client whose copy lacks some re-reads the auction.
 */
@EventsHandler(BidPlacedEvent)
export class BidBroadcastHandler implements IEventHandler<BidPlacedEvent> {
  private readonly pending = new Map<string, PendingBroadcast>();
  /** auctionId → when this replica may send its next message of the auction. */
  private readonly nextAllowed = new Map<string, number>();

  constructor(
    private readonly publisher: RealtimePublisher,
    private readonly metrics: Metrics,
  ) {}

  handle(event: BidPlacedEvent) {
    let entry = this.pending.get(event.auctionId);
    if (!entry) {
      entry = { outbid: new Map(), firstCommittedAt: event.committedAt };
      this.pending.set(event.auctionId, entry);
      const wait = (this.nextAllowed.get(event.auctionId) ?? 0) - Date.now();
      if (wait > 0) setTimeout(() => this.flush(event.auctionId), wait);
      else setImmediate(() => this.flush(event.auctionId));
    }
    entry.auction = event.auction ?? entry.auction;
    // The same presenter as the REST answers (a bid just placed is never cancelled).
    const name = event.auction?.bids.find((b) => b.id === event.bidId)?.bidder.name;
    entry.bid = toBid(
      {
        id: event.bidId,
        bidderId: event.bidderId,
        amountFils: event.amountFils,
        createdAt: event.createdAt,
        isAutomatic: event.automatic,
      },
      name,
    );
    if (event.outbidUserId) entry.outbid.set(event.outbidUserId, event.amountFils);
    entry.outbid.delete(event.bidderId);
  }

  private flush(auctionId: string) {
    const entry = this.pending.get(auctionId);
    this.pending.delete(auctionId);
    // No auction: the read after the commit failed; the next message (or a re-read) heals watchers.
    if (!entry?.auction || !entry.bid) return;
    const window = broadcastWindowMs(this.publisher.localWatchers(auctionId), this.publisher.replicas());
    const until = Date.now() + window;
    this.nextAllowed.set(auctionId, until);
    // Forget quiet auctions so the map does not grow with every auction ever bid on.
    setTimeout(() => {
      if (this.nextAllowed.get(auctionId) === until) this.nextAllowed.delete(auctionId);
    }, window * 2).unref();
    this.publisher.toAuction(auctionId, SocketEvents.NewBid, { auction: toLiveAuction(entry.auction), bid: entry.bid });
    this.metrics.bidBroadcast.observe((performance.now() - entry.firstCommittedAt) / 1000);
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
