import { OnModuleInit } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { Auction, Bid, filsToJod, SocketEvents } from '@mazad/contracts';
import { toBid, toLiveAuction } from '../../auctions';
import { BidsCommittedEvent } from '../../auctions/events/bids-committed.event';
import { Lifecycle } from '../../infrastructure/lifecycle/lifecycle';
import { Metrics } from '../../infrastructure/metrics';
import { type Audience, AuctionAudience } from '../auction-audience';
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
 * The coalescing window of `new_bid`, per auction per process (docs/realtime.md, "Adaptive
 * window"). A gateway writes each message once per watcher socket it holds, and hears the
 * messages of every process that commits the auction's bids: with S such senders, each sending
 * one message per window w, a gateway holding W of the watchers writes S × W / w frames per
 * second. The window is the shortest that keeps this under FANOUT_FRAMES_PER_SEC for the gateway
 * holding the most watchers, within [MIN_WINDOW_MS, MAX_WINDOW_MS]:
 *   - MIN_WINDOW_MS: a lively auction with a few hundred watchers still hears its bids within
 *     about this (a lone bid after a quiet spell goes out at once, with no wait at all);
 *   - FANOUT_FRAMES_PER_SEC: what one process of this machine writes while its commit→watcher
 *     p99 stays low (measured with the fan-out scenario of the benchmark, see docs/realtime.md);
 *   - MAX_WINDOW_MS: the bound on how stale a watcher's price may be, whatever the crowd.
 * W and S come from AuctionAudience: what the gateways hold, whichever process commits the bid.
 */
export const MIN_WINDOW_MS = 50;
export const MAX_WINDOW_MS = 500;
export const FANOUT_FRAMES_PER_SEC = 20_000;

/** The window after a message of an auction (see above). */
export function broadcastWindowMs({ largestRoom, senders }: Audience): number {
  const ms = Math.ceil((senders * largestRoom * 1000) / FANOUT_FRAMES_PER_SEC);
  return Math.min(MAX_WINDOW_MS, Math.max(MIN_WINDOW_MS, ms));
}

/**
 * Watchers get `new_bid { auction: LiveAuction, bid }`; outbid members get a private `outbid`
 * notice. Bids committed together (one engine turn: one BidsCommittedEvent, or turns within the
 * auction's window) go out as ONE message carrying the latest live view: its `seq`
 * tells clients how many bids it covers, and a client whose copy lacks some re-reads the auction.
 *
 * A draining process holds nothing back: what waits in its window is sent by the drain before the
 * sockets and Redis close (Lifecycle's flushes), and later bids go out at once — otherwise a
 * message waiting when Redis closed would never be sent, and watchers would miss the auction's
 * last bid until the next one, which may never come.
 */
@EventsHandler(BidsCommittedEvent)
export class BidBroadcastHandler implements IEventHandler<BidsCommittedEvent>, OnModuleInit {
  private readonly pending = new Map<string, PendingBroadcast>();
  /** auctionId → when this replica may send its next message of the auction. */
  private readonly nextAllowed = new Map<string, number>();

  constructor(
    private readonly publisher: RealtimePublisher,
    private readonly audience: AuctionAudience,
    private readonly metrics: Metrics,
    private readonly lifecycle: Lifecycle,
  ) {}

  onModuleInit() {
    this.lifecycle.addFlush('bid broadcasts', () => this.flushAll());
  }

  handle(event: BidsCommittedEvent) {
    let entry = this.pending.get(event.auctionId);
    if (!entry) {
      const created: PendingBroadcast = { outbid: new Map(), firstCommittedAt: event.committedAt };
      this.pending.set(event.auctionId, created);
      const wait = this.lifecycle.draining ? 0 : (this.nextAllowed.get(event.auctionId) ?? 0) - Date.now();
      if (wait > 0) setTimeout(() => this.flush(event.auctionId, created), wait);
      else setImmediate(() => this.flush(event.auctionId, created));
      entry = created;
    }
    entry.auction = event.auction ?? entry.auction;
    for (const committed of event.bids) {
      // The same presenter as the REST answers (a bid just placed is never cancelled).
      const name = event.auction?.bids.find((b) => b.id === committed.bidId)?.bidder.name;
      entry.bid = toBid(
        {
          id: committed.bidId,
          bidderId: committed.bidderId,
          amountFils: committed.amountFils,
          createdAt: committed.createdAt,
          isAutomatic: committed.automatic,
        },
        name,
      );
      if (committed.outbidUserId) entry.outbid.set(committed.outbidUserId, committed.amountFils);
      entry.outbid.delete(committed.bidderId);
    }
  }

  /** Sends every broadcast waiting in its window now (the drain); answers how many were waiting. */
  flushAll(): number {
    const waiting = [...this.pending];
    for (const [auctionId, entry] of waiting) this.flush(auctionId, entry);
    return waiting.length;
  }

  /** Sends `entry`, unless it was sent already (flushAll came before its timer). */
  private flush(auctionId: string, entry: PendingBroadcast) {
    if (this.pending.get(auctionId) !== entry) return;
    this.pending.delete(auctionId);
    // No auction: the read after the commit failed; the next message (or a re-read) heals watchers.
    if (!entry.auction || !entry.bid) return;
    const window = broadcastWindowMs(this.audience.of(auctionId));
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
