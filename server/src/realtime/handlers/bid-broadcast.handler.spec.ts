import type { Auction } from '@mazad/contracts';
import { BidsCommittedEvent } from '../../auctions/events/bids-committed.event';
import { Lifecycle } from '../../infrastructure/lifecycle/lifecycle';
import type { Metrics } from '../../infrastructure/metrics';
import type { Audience, AuctionAudience } from '../auction-audience';
import type { RealtimePublisher } from '../realtime.publisher';
import {
  BidBroadcastHandler,
  broadcastWindowMs,
  FANOUT_FRAMES_PER_SEC,
  MAX_WINDOW_MS,
  MIN_WINDOW_MS,
} from './bid-broadcast.handler';

describe('the adaptive new_bid window', () => {
  it('stays short while the gateways can write every message to every watcher', () => {
    expect(broadcastWindowMs({ largestRoom: 0, senders: 1 })).toBe(MIN_WINDOW_MS);
    expect(broadcastWindowMs({ largestRoom: 50, senders: 2 })).toBe(MIN_WINDOW_MS);
  });

  it('grows with the largest room × the senders so one gateway writes at most FANOUT_FRAMES_PER_SEC frames', () => {
    const largestRoom = (FANOUT_FRAMES_PER_SEC * 3 * MIN_WINDOW_MS) / 1000; // three times what the short window allows
    const window = broadcastWindowMs({ largestRoom, senders: 2 });
    expect(window).toBe(6 * MIN_WINDOW_MS);
    expect((2 * largestRoom * 1000) / window).toBeLessThanOrEqual(FANOUT_FRAMES_PER_SEC);
  });

  it('is bounded, however large the crowd', () => {
    expect(broadcastWindowMs({ largestRoom: 1_000_000, senders: 4 })).toBe(MAX_WINDOW_MS);
  });
});

describe('BidBroadcastHandler', () => {
  const auctionId = '4b0c3c1e-1f0f-4f57-9d55-0d6c7f3a7a01';
  const auction = (bidCount: number) =>
    ({ _id: auctionId, title: 'ساعة', currentPrice: 10 + bidCount, bidCount, bids: [] }) as unknown as Auction;
  /** The engine's commit of the auction's `n`th bid. */
  const bid = (n: number) =>
    new BidsCommittedEvent({
      auctionId,
      bids: [
        {
          bidId: `bid-${n}`,
          bidderId: `bidder-${n}`,
          amountFils: 10_000 + n,
          outbidUserId: null,
          createdAt: new Date(),
          automatic: false,
        },
      ],
      committedAt: performance.now(),
      auction: auction(n),
    });
  const sentSeqs = (toAuction: jest.Mock) => toAuction.mock.calls.map((c) => c[2].auction.seq);
  const nextTick = () => new Promise((r) => setImmediate(r));

  let toAuction: jest.Mock;
  let lifecycle: Lifecycle;
  let handler: BidBroadcastHandler;
  // A crowd whose window is the longest: a bid after the first message waits MAX_WINDOW_MS.
  const crowd: Audience = { largestRoom: 1_000_000, senders: 2 };

  beforeEach(() => {
    toAuction = jest.fn();
    lifecycle = new Lifecycle();
    handler = new BidBroadcastHandler(
      { toAuction, toUser: jest.fn() } as unknown as RealtimePublisher,
      { of: () => crowd } as unknown as AuctionAudience,
      { bidBroadcast: { observe: jest.fn() } } as unknown as Metrics,
      lifecycle,
    );
    handler.onModuleInit();
  });
  afterEach(() => jest.useRealTimers());

  it('sends a bid after a quiet spell at once, and holds the next one for the window', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'performance'] });
    handler.handle(bid(1));
    await nextTick();
    handler.handle(bid(2));
    await nextTick();
    expect(sentSeqs(toAuction)).toEqual([1]);
    jest.advanceTimersByTime(MAX_WINDOW_MS);
    expect(sentSeqs(toAuction)).toEqual([1, 2]);
  });

  it('the drain flush sends what waits in its window at once, and only once', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'performance'] });
    handler.handle(bid(1));
    await nextTick();
    handler.handle(bid(2));
    handler.handle(bid(3));

    const [[name, flush]] = [...lifecycle.flushSteps];
    expect(name).toBe('bid broadcasts');
    expect(flush()).toBe(1);
    expect(sentSeqs(toAuction)).toEqual([1, 3]);

    jest.advanceTimersByTime(MAX_WINDOW_MS);
    expect(sentSeqs(toAuction)).toEqual([1, 3]);
    expect(flush()).toBe(0);
  });

  it('holds nothing back while draining', async () => {
    handler.handle(bid(1));
    await nextTick();
    lifecycle.beginDrain();
    handler.handle(bid(2));
    await nextTick();
    expect(sentSeqs(toAuction)).toEqual([1, 2]);
  });
});
