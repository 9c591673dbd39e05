import { Logger } from '@nestjs/common';
import type { EventBus } from '@nestjs/cqrs';
import { type Auction, AuctionStatus } from '@mazad/contracts';
import type { AuctionReadModel } from '../../auctions';
import { AuctionRepricedEvent } from '../../auctions/events/auction-repriced.event';
import { BidCancelledEvent } from '../../auctions/events/bid-cancelled.event';
import { BidsCommittedEvent } from '../../auctions/events/bids-committed.event';
import type { AuctionBidState, BidWriter, WrittenBid } from './bid-writer';
import { CorrectionTurn } from './correction-turn';
import { PostCommit } from './post-commit';
import type { CorrectionItem } from './queue-items';

const AUCTION = 'auction';
const T0 = new Date('2026-01-01T10:00:00Z');
const state = (over: Partial<AuctionBidState> = {}): AuctionBidState => ({
  id: AUCTION,
  sellerId: 'seller',
  status: AuctionStatus.Active,
  currentPriceFils: 12_000,
  buyNowPriceFils: 50_000,
  endTime: new Date(T0.getTime() + 60_000),
  dbNow: T0,
  leaderId: 'typo',
  maxima: [{ userId: 'p', amountFils: 30_000, order: 1 }],
  maxBidsVersion: 4,
  blockedIds: [],
  ...over,
});

/** The bid the item names: `typo`'s, placed `minutesAgo` before the database clock. */
const storedBid = (minutesAgo: number) => ({
  bidderId: 'typo',
  seq: 7,
  createdAt: new Date(T0.getTime() - minutesAgo * 60_000),
  isCancelled: false,
  isAutomatic: false,
});

type Remainder = Awaited<ReturnType<BidWriter['loadRemainder']>>;
type Repriced = Awaited<ReturnType<BidWriter['reprice']>>;

const pending = { resolve: jest.fn(), reject: jest.fn() };
const refusedWith = (item: CorrectionItem) => (item.reject as jest.Mock).mock.calls[0]?.[0]?.code;

function setup() {
  const automatic: WrittenBid = { id: 'b9', seq: 9, bidderId: 'p', amountFils: 11_000, createdAt: T0, automatic: true };
  const writer = {
    loadState: jest.fn(async () => state()),
    loadBid: jest.fn(async () => storedBid(5)),
    loadRemainder: jest.fn(async (): Promise<Remainder> => ({
      top: { bidderId: 'u1', amountFils: 10_000 },
      startingPriceFils: 5_000,
      cancelled: 1,
    })),
    reprice: jest.fn(async (_auctionId: string, _judgedBy: AuctionBidState, _change: object): Promise<Repriced> => ({
      bids: [automatic],
    })),
  };
  const auction = { _id: AUCTION, bids: [] } as unknown as Auction;
  const events = { publish: jest.fn() };
  const post = new PostCommit(
    { findOne: jest.fn(async () => auction) } as unknown as AuctionReadModel,
    events as unknown as EventBus,
    new Logger('test'),
  );
  const turn = new CorrectionTurn(writer as unknown as BidWriter, post);
  return { writer, auction, events, turn, order: { tail: Promise.resolve() } };
}

describe('CorrectionTurn', () => {
  beforeEach(() => jest.clearAllMocks());

  it('an operator cancel: reprices from the remaining bids, the maximums answer, then publishes and answers', async () => {
    const { turn, order, writer, auction, events } = setup();
    const item: CorrectionItem = { kind: 'cancel', operatorId: 'op', bidId: 'b7', reason: 'سبب', ...pending };
    const next = await turn.take(AUCTION, order, state(), item);
    expect(writer.reprice.mock.calls[0][2]).toMatchObject({
      cancel: { bidderId: 'typo', bidId: 'b7', answersAfterSeq: 7 },
      newPriceFils: 11_000,
      automaticBids: [{ bidderId: 'p', amountFils: 11_000 }],
      record: { kind: 'operator', reason: 'سبب', by: 'op' },
    });
    expect(next).toMatchObject({ currentPriceFils: 11_000, leaderId: 'p', maxBidsVersion: 5 });
    await order.tail;
    expect(item.resolve).toHaveBeenCalledWith({ auction });
    const published = events.publish.mock.calls.map(([e]) => e.constructor);
    expect(published).toEqual([AuctionRepricedEvent, BidsCommittedEvent, BidCancelledEvent]);
    expect(events.publish.mock.calls[1][0].bids).toEqual([
      expect.objectContaining({ bidderId: 'p', outbidUserId: 'u1', automatic: true }),
    ]);
  });

  it('a retraction past its hour is refused by the database clock, without writing', async () => {
    const { turn, order, writer } = setup();
    writer.loadBid.mockResolvedValueOnce(storedBid(61));
    const item: CorrectionItem = {
      kind: 'retract',
      memberId: 'typo',
      bidId: 'b7',
      reason: 'wrong_amount',
      arrivedAt: 0,
      ...pending,
    };
    await turn.take(AUCTION, order, state(), item);
    expect(refusedWith(item)).toBe('BID_RETRACT_WINDOW_PASSED');
    expect(writer.reprice).not.toHaveBeenCalled();
  });

  it('a retraction over the monthly limit is refused; the store wrote nothing', async () => {
    const { turn, order, writer } = setup();
    writer.reprice.mockResolvedValueOnce('limit');
    const item: CorrectionItem = {
      kind: 'retract',
      memberId: 'typo',
      bidId: 'b7',
      reason: 'wrong_amount',
      arrivedAt: 0,
      ...pending,
    };
    await turn.take(AUCTION, order, state(), item);
    expect(refusedWith(item)).toBe('BID_RETRACT_MONTHLY_LIMIT');
  });

  it('a removal with nothing of the member here resolves without writing, and gives up busy when the auction keeps moving', async () => {
    const { turn, order, writer } = setup();
    writer.loadRemainder.mockResolvedValueOnce({ top: null, startingPriceFils: 5_000, cancelled: 0 });
    const nothing: CorrectionItem = { kind: 'reprice', memberId: 'gone', ...pending };
    await turn.take(AUCTION, order, state(), nothing);
    expect(nothing.resolve).toHaveBeenCalled();
    writer.reprice.mockResolvedValue(null);
    const busy: CorrectionItem = { kind: 'reprice', memberId: 'p', resolve: jest.fn(), reject: jest.fn() };
    expect(await turn.take(AUCTION, order, state(), busy)).toBeNull();
    expect(writer.reprice).toHaveBeenCalledTimes(6);
    expect(refusedWith(busy)).toBe('AUCTION_BUSY');
  });
});
