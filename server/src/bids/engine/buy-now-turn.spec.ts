import { Logger } from '@nestjs/common';
import type { EventBus } from '@nestjs/cqrs';
import { type Auction, AuctionStatus } from '@mazad/contracts';
import type { AuctionReadModel } from '../../auctions';
import { AuctionEndedEvent } from '../../auctions/events/auction-ended.event';
import { AuctionSoldEvent } from '../../auctions/events/auction-sold.event';
import type { AuctionBidState, BidWriter } from './bid-writer';
import { BuyNowTurn } from './buy-now-turn';
import { PostCommit } from './post-commit';
import type { BuyNowItem } from './queue-items';

const AUCTION = 'auction';
const T0 = new Date('2026-01-01T10:00:00Z');
const state = (over: Partial<AuctionBidState> = {}): AuctionBidState => ({
  id: AUCTION,
  sellerId: 'seller',
  status: AuctionStatus.Active,
  currentPriceFils: 10_000,
  buyNowPriceFils: 50_000,
  endTime: new Date(T0.getTime() + 60_000),
  dbNow: T0,
  leaderId: null,
  maxima: [],
  maxBidsVersion: 0,
  blockedIds: [],
  ...over,
});

const buy = (buyerId: string, expectedFils?: number): BuyNowItem => ({
  kind: 'buy',
  buyerId,
  buyerName: 'Buyer',
  expectedFils,
  arrivedAt: 0,
  resolve: jest.fn(),
  reject: jest.fn(),
});

const refusedWith = (item: BuyNowItem) => (item.reject as jest.Mock).mock.calls[0]?.[0]?.code;

function setup() {
  const writer = {
    loadState: jest.fn(async () => state()),
    buyNow: jest.fn(async (): Promise<{ endedAt: Date } | null> => ({ endedAt: T0 })),
  };
  const auction = { _id: AUCTION, bids: [] } as unknown as Auction;
  const readModel = { findOne: jest.fn(async () => auction) };
  const events = { publish: jest.fn() };
  const post = new PostCommit(
    readModel as unknown as AuctionReadModel,
    events as unknown as EventBus,
    new Logger('test'),
  );
  const turn = new BuyNowTurn(writer as unknown as BidWriter, post);
  return { writer, auction, events, turn, order: { tail: Promise.resolve() } };
}

describe('BuyNowTurn', () => {
  it('writes the purchase, then answers with the auction and publishes it sold and ended', async () => {
    const { turn, order, writer, auction, events } = setup();
    const item = buy('u1', 50_000);
    expect(await turn.take(AUCTION, order, state(), item)).toMatchObject({ status: AuctionStatus.Sold });
    expect(writer.buyNow).toHaveBeenCalledWith(AUCTION, 'u1', state(), 50_000);
    await order.tail;
    expect(item.resolve).toHaveBeenCalledWith({ auction });
    const [[sold], [ended]] = events.publish.mock.calls;
    expect(sold).toBeInstanceOf(AuctionSoldEvent);
    expect(ended).toBeInstanceOf(AuctionEndedEvent);
    expect(ended).toMatchObject({ status: AuctionStatus.Sold, winnerId: 'u1', endedAt: T0 });
  });

  it('refuses what the rules refuse, by the database clock, without writing', async () => {
    const { turn, order, writer } = setup();
    const own = buy('seller');
    const changed = buy('u1', 40_000);
    const ended = buy('u1');
    const blocked = buy('u2');
    const blockedAfterEnd = buy('u2');
    await turn.take(AUCTION, order, state(), own);
    await turn.take(AUCTION, order, state(), changed);
    await turn.take(AUCTION, order, state({ endTime: T0 }), ended);
    await turn.take(AUCTION, order, state({ blockedIds: ['u2'] }), blocked);
    await turn.take(AUCTION, order, state({ blockedIds: ['u2'], endTime: T0 }), blockedAfterEnd);
    expect([own, changed, ended, blocked, blockedAfterEnd].map(refusedWith)).toEqual([
      'BUY_NOW_OWN_AUCTION',
      'BUY_NOW_PRICE_CHANGED',
      'AUCTION_ENDED',
      // R-BLOCK: told on an open auction only.
      'BLOCKED_BY_SELLER',
      'AUCTION_ENDED',
    ]);
    expect(writer.buyNow).not.toHaveBeenCalled();
  });

  it('judges again on a fresh read when the statement found the auction moved', async () => {
    const { turn, order, writer } = setup();
    writer.buyNow.mockResolvedValueOnce(null);
    writer.loadState.mockResolvedValueOnce(state({ currentPriceFils: 60_000 }));
    const item = buy('u1');
    expect(await turn.take(AUCTION, order, state(), item)).toMatchObject({ currentPriceFils: 60_000 });
    expect(refusedWith(item)).toBe('BUY_NOW_PRICE_REACHED');
    expect(writer.buyNow).toHaveBeenCalledTimes(1);
  });
});
