import { describe, expect, it } from 'vitest';
import { AuctionStatus } from '../auction-status';
import { type BatchAuctionState, judgeBatch } from './judge-batch';

const T0 = new Date('2026-01-01T10:00:00Z');
const state = (over: Partial<BatchAuctionState> = {}): BatchAuctionState => ({
  sellerId: 'seller',
  status: AuctionStatus.Active,
  currentPriceFils: 20_000,
  buyNowPriceFils: 90_000,
  endTime: new Date(T0.getTime() + 60_000),
  dbNow: T0,
  leaderId: null,
  maxima: [],
  ...over,
});

describe('judgeBatch (R-MAX-BID)', () => {
  it('answers each manual bid against the running price, automatic bids in between', () => {
    const judged = judgeBatch(
      state({ currentPriceFils: 21_000, leaderId: 'a', maxima: [{ userId: 'a', amountFils: 50_000, order: 7 }] }),
      [
        { kind: 'bid', bidderId: 'b', amountFils: 30_000, idempotencyKey: 'k1' },
        // Below the automatic answer (31): refused, though above the price the batch started at.
        { kind: 'bid', bidderId: 'c', amountFils: 30_500 },
        { kind: 'bid', bidderId: 'c', amountFils: 40_000 },
      ],
    );
    expect(judged.bids).toEqual([
      { bidderId: 'b', amountFils: 30_000, idempotencyKey: 'k1', item: 0 },
      { bidderId: 'a', amountFils: 31_000, automatic: true },
      { bidderId: 'c', amountFils: 40_000, idempotencyKey: undefined, item: 2 },
      { bidderId: 'a', amountFils: 41_000, automatic: true },
    ]);
    expect(judged.refused).toEqual([{ item: 1, code: 'BID_TOO_LOW' }]);
    expect(judged.final).toEqual({ priceFils: 41_000, leaderId: 'a' });
    expect(judged.changes.size).toBe(0);
  });

  it('ranks new maximums after the stored ones, in arrival order', () => {
    const judged = judgeBatch(
      state({ maxima: [{ userId: 'a', amountFils: 50_000, order: 9 }], leaderId: 'a', currentPriceFils: 21_000 }),
      [{ kind: 'max', userId: 'b', amountFils: 50_000 }],
    );
    // Equal to a's earlier maximum: a keeps the lead at the maximum, b is told it tied later.
    expect(judged.bids).toEqual([{ bidderId: 'a', amountFils: 50_000, automatic: true }]);
    expect(judged.taken).toEqual([{ item: 0, tiedEarlier: true }]);
    expect([...judged.changes]).toEqual([['b', 50_000]]);
  });

  it('a maximum set again at the same amount changes nothing (a retry keeps its rank)', () => {
    const judged = judgeBatch(
      state({ maxima: [{ userId: 'a', amountFils: 50_000, order: 1 }], leaderId: 'a', currentPriceFils: 50_000 }),
      [{ kind: 'max', userId: 'a', amountFils: 50_000 }],
    );
    expect(judged).toMatchObject({ bids: [], refused: [], taken: [{ item: 0, tiedEarlier: false }] });
    expect(judged.changes.size).toBe(0);
  });

  it('refuses the seller’s bids and maximums, and maximums too low or at the buy-now price', () => {
    const judged = judgeBatch(state(), [
      { kind: 'bid', bidderId: 'seller', amountFils: 30_000 },
      { kind: 'max', userId: 'seller', amountFils: 30_000 },
      { kind: 'max', userId: 'a', amountFils: 20_999 },
      { kind: 'max', userId: 'a', amountFils: 90_000 },
    ]);
    expect(judged.refused).toEqual([
      { item: 0, code: 'BID_OWN_AUCTION' },
      { item: 1, code: 'BID_OWN_AUCTION' },
      { item: 2, code: 'MAX_BID_TOO_LOW' },
      { item: 3, code: 'MAX_BID_AT_BUY_NOW' },
    ]);
    expect(judged.bids).toEqual([]);
  });

  it('refuses a manual bid at or above the buy-now price among the batch’s others, whatever maximums answer (R-BID-BUY-NOW-CAP)', () => {
    const judged = judgeBatch(state({ maxima: [{ userId: 'a', amountFils: 60_000, order: 1 }] }), [
      { kind: 'bid', bidderId: 'b', amountFils: 30_000 },
      // The typo of the batch: 900 for 90 (the buy-now price is 90).
      { kind: 'bid', bidderId: 'c', amountFils: 900_000 },
      { kind: 'bid', bidderId: 'd', amountFils: 90_000 },
      { kind: 'bid', bidderId: 'd', amountFils: 89_999 },
    ]);
    expect(judged.refused).toEqual([
      { item: 1, code: 'BID_AT_BUY_NOW' },
      { item: 2, code: 'BID_AT_BUY_NOW' },
    ]);
    expect(judged.bids).toEqual([
      { bidderId: 'b', amountFils: 30_000, idempotencyKey: undefined, item: 0 },
      { bidderId: 'a', amountFils: 31_000, automatic: true },
      { bidderId: 'd', amountFils: 89_999, idempotencyKey: undefined, item: 3 },
    ]);
    expect(judged.final).toEqual({ priceFils: 89_999, leaderId: 'd' });
  });

  it('withdrawal: refused while holding the price, a change otherwise, a no-op without a maximum', () => {
    const maxima = [
      { userId: 'a', amountFils: 50_000, order: 1 },
      { userId: 'b', amountFils: 30_000, order: 2 },
    ];
    const judged = judgeBatch(state({ maxima, leaderId: 'a', currentPriceFils: 31_000 }), [
      { kind: 'withdraw', userId: 'a' },
      { kind: 'withdraw', userId: 'b' },
      { kind: 'withdraw', userId: 'c' },
    ]);
    expect(judged.refused).toEqual([{ item: 0, code: 'MAX_BID_HOLDS_PRICE' }]);
    expect(judged.taken).toEqual([
      { item: 1, tiedEarlier: false },
      { item: 2, tiedEarlier: false },
    ]);
    expect([...judged.changes]).toEqual([['b', null]]);
    expect(judged.maxima).toEqual([maxima[0]]);
  });

  it('a withdrawn maximum no longer answers a later bid of the same batch', () => {
    // Set up for the test: b's maximum, above the price, would answer c's bid at 33.
    const judged = judgeBatch(
      state({ maxima: [{ userId: 'b', amountFils: 40_000, order: 2 }], leaderId: 'a', currentPriceFils: 31_000 }),
      [
        { kind: 'withdraw', userId: 'b' },
        { kind: 'bid', bidderId: 'c', amountFils: 32_000 },
      ],
    );
    expect(judged.bids).toEqual([{ bidderId: 'c', amountFils: 32_000, idempotencyKey: undefined, item: 1 }]);
  });
  it('refuses the bids and maximums of a member the seller blocked; the others are judged as if they were absent (R-BLOCK)', () => {
    const judged = judgeBatch(
      state({
        blockedIds: ['x'],
        currentPriceFils: 21_000,
        leaderId: 'a',
        maxima: [{ userId: 'a', amountFils: 50_000, order: 1 }],
      }),
      [
        { kind: 'bid', bidderId: 'x', amountFils: 30_000 },
        { kind: 'max', userId: 'x', amountFils: 80_000 },
        { kind: 'bid', bidderId: 'b', amountFils: 30_000 },
        // Withdrawing is not refused: the block already took their maximum away.
        { kind: 'withdraw', userId: 'x' },
      ],
    );
    expect(judged.refused).toEqual([
      { item: 0, code: 'BLOCKED_BY_SELLER' },
      { item: 1, code: 'BLOCKED_BY_SELLER' },
    ]);
    expect(judged.bids).toEqual([
      { bidderId: 'b', amountFils: 30_000, idempotencyKey: undefined, item: 2 },
      { bidderId: 'a', amountFils: 31_000, automatic: true },
    ]);
    expect(judged.taken).toEqual([{ item: 3, tiedEarlier: false }]);
    expect(judged.changes.size).toBe(0);
  });
});
