import { Logger } from '@nestjs/common';
import type { EventBus } from '@nestjs/cqrs';
import { type Auction, AuctionStatus } from '@mazad/contracts';
import type { AuctionReadModel } from '../../auctions';
import { BidsCommittedEvent } from '../../auctions/events/bids-committed.event';
import { BidBatchTurn } from './bid-batch-turn';
import type { AuctionBidState, BidWriter, WrittenBid } from './bid-writer';
import { PostCommit } from './post-commit';
import type { BatchItem, BidItem, MaxBidItem } from './queue-items';
import { StoredKeys } from './stored-keys';

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
  leaderId: 'u0',
  maxima: [],
  maxBidsVersion: 0,
  blockedIds: [],
  ...over,
});

const written = (bidderId: string, amountFils: number, seq: number): WrittenBid => ({
  id: `bid-${seq}`,
  seq,
  bidderId,
  amountFils,
  createdAt: T0,
  automatic: false,
});

const bid = (bidderId: string, amountFils: number, idempotencyKey?: string): BidItem => ({
  kind: 'bid',
  bidderId,
  amountFils,
  idempotencyKey,
  arrivedAt: 0,
  resolve: jest.fn(),
  reject: jest.fn(),
});

/** The code an item was refused with (undefined: not refused). */
const refusedWith = (item: BatchItem) => (item.reject as jest.Mock).mock.calls[0]?.[0]?.code;

function setup() {
  const writer = {
    loadState: jest.fn(async () => state()),
    writeBids: jest.fn(async (_id: string, _price: number, bids: { bidderId: string; amountFils: number }[]) => ({
      endTime: new Date(T0.getTime() + 120_000),
      bids: bids.map((b, i) => written(b.bidderId, b.amountFils, i + 1)),
    })),
    findByIdempotencyKeys: jest.fn(async () => new Map<string, WrittenBid>()),
  };
  const readModel = { findOne: jest.fn(async (id: string) => ({ _id: id, bids: [] }) as unknown as Auction) };
  const events = { publish: jest.fn() };
  const post = new PostCommit(
    readModel as unknown as AuctionReadModel,
    events as unknown as EventBus,
    new Logger('test'),
  );
  const w = writer as unknown as BidWriter;
  const turn = new BidBatchTurn(w, post, new StoredKeys(w));
  const order = { tail: Promise.resolve() };
  return { writer, readModel, events, turn, order };
}

describe('BidBatchTurn', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('judges in order, writes the accepted bids in one statement, answers them after the commit', async () => {
    const { turn, order, writer, readModel, events } = setup();
    const batch = [bid('u1', 11_000), bid('u2', 11_000), bid('u3', 12_000)];
    const next = await turn.take(AUCTION, order, state(), batch);
    expect(writer.writeBids).toHaveBeenCalledTimes(1);
    expect(writer.writeBids.mock.calls[0][1]).toBe(10_000);
    expect(next).toMatchObject({ currentPriceFils: 12_000, leaderId: 'u3', endTime: new Date(T0.getTime() + 120_000) });
    expect(refusedWith(batch[1])).toBe('BID_TOO_LOW');
    // Nothing is answered before the post-commit work runs; then one read serves the batch.
    await order.tail;
    expect(readModel.findOne).toHaveBeenCalledTimes(1);
    const [[first], [third]] = [
      (batch[0].resolve as jest.Mock).mock.calls[0],
      (batch[2].resolve as jest.Mock).mock.calls[0],
    ];
    expect(first.bid).toMatchObject({ bidderId: 'u1', amountFils: 11_000 });
    expect(first.views).toBe(third.views);
    // One event for the batch, naming whom each bid outbid.
    const [[committed], ...others] = events.publish.mock.calls as [BidsCommittedEvent][];
    expect(others).toEqual([]);
    expect(committed.bids.map((b) => [b.bidderId, b.outbidUserId])).toEqual([
      ['u1', 'u0'],
      ['u3', 'u1'],
    ]);
  });

  it('refuses the whole batch by the closed reason without writing', async () => {
    const { turn, order, writer } = setup();
    const batch = [bid('u1', 11_000)];
    expect(await turn.take(AUCTION, order, state({ endTime: T0 }), batch)).toMatchObject({ endTime: T0 });
    expect(refusedWith(batch[0])).toBe('AUCTION_ENDED');
    expect(writer.writeBids).not.toHaveBeenCalled();
  });

  it('answers a maximum set again at the same amount without writing, with the auction read once', async () => {
    const { turn, order, writer, readModel } = setup();
    const max: MaxBidItem = {
      kind: 'max',
      userId: 'p',
      amountFils: 40_000,
      arrivedAt: 0,
      resolve: jest.fn(),
      reject: jest.fn(),
    };
    await turn.take(AUCTION, order, state({ maxima: [{ userId: 'p', amountFils: 40_000, order: 1 }], leaderId: 'p' }), [
      max,
    ]);
    expect(writer.writeBids).not.toHaveBeenCalled();
    expect(readModel.findOne).toHaveBeenCalledTimes(1);
    expect(max.resolve).toHaveBeenCalledWith(expect.objectContaining({ leading: true, tiedEarlier: false }));
  });

  it('re-reads and judges again when the write finds the auction moved, then gives up busy', async () => {
    const { turn, order, writer } = setup();
    writer.writeBids.mockResolvedValue(null as never);
    const batch = [bid('u1', 11_000)];
    expect(await turn.take(AUCTION, order, state(), batch)).toBeNull();
    expect(writer.writeBids).toHaveBeenCalledTimes(6);
    expect(writer.loadState).toHaveBeenCalledTimes(5);
    expect(refusedWith(batch[0])).toBe('AUCTION_BUSY');
  });

  it('a reused idempotency key: answers that bid with the stored one and writes the others again', async () => {
    const { turn, order, writer } = setup();
    writer.writeBids.mockRejectedValueOnce(
      Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'bids_idempotency_key_idx' }),
    );
    const stored = written('u1', 11_000, 1);
    writer.findByIdempotencyKeys.mockResolvedValueOnce(new Map([['u1 key-1', stored]]));
    const batch = [bid('u1', 11_000, 'key-1'), bid('u2', 12_000)];
    await turn.take(AUCTION, order, state(), batch);
    await order.tail;
    expect(batch[0].resolve).toHaveBeenCalledWith({ bid: stored, views: null });
    expect(writer.writeBids.mock.calls[1][2]).toEqual([{ bidderId: 'u2', amountFils: 12_000, item: 0 }]);
    expect(batch[1].resolve).toHaveBeenCalledWith(
      expect.objectContaining({ bid: expect.objectContaining({ bidderId: 'u2' }) }),
    );
  });
});
