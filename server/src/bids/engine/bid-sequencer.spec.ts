import { Logger } from '@nestjs/common';
import type { EventBus } from '@nestjs/cqrs';
import { type Auction, AuctionStatus } from '@mazad/contracts';
import type { AuctionReadModel, MaxBidChanges } from '../../auctions';
import { AuctionEndedEvent } from '../../auctions/events/auction-ended.event';
import { AuctionRepricedEvent } from '../../auctions/events/auction-repriced.event';
import { AuctionSoldEvent } from '../../auctions/events/auction-sold.event';
import { BidsCommittedEvent } from '../../auctions/events/bids-committed.event';
import { AppException } from '../../common/errors/app.exception';
import { AppConfig, type BidAdmissionLimits } from '../../config/app-config';
import type { BidMetrics } from '../../infrastructure/metrics';
import { AdmissionTickets } from './admission-tickets';
import type { AuctionLockService, HeldLock } from './auction-lock.service';
import { BidAdmission } from './bid-admission';
import { BidSequencer } from './bid-sequencer';
import type { AuctionBidState, BidWriter, WrittenBid } from './bid-writer';

const AUCTION = '0b4f7c1e-8a2d-4c3b-9e5f-1a2b3c4d5e6f';
const SELLER = 'seller';
const T0 = new Date('2026-01-01T10:00:00Z');

type BatchBid = { bidderId: string; amountFils: number; idempotencyKey?: string };

/**
 * The auction in memory, written the way BidWriter's statements write it: a batch only when the
 * price is still the one it was judged against (and the auction open and running), one bid per
 * member and idempotency key (a reused key fails the whole statement, as the unique index does).
 */
class FakeWriter {
  state: AuctionBidState | null = {
    id: AUCTION,
    sellerId: SELLER,
    status: AuctionStatus.Active,
    currentPriceFils: 10_000,
    buyNowPriceFils: 50_000,
    endTime: new Date(T0.getTime() + 60_000),
    dbNow: T0,
    leaderId: null,
    maxima: [],
    maxBidsVersion: 0,
    blockedIds: [],
  };
  readonly stored: (WrittenBid & { idempotencyKey?: string })[] = [];
  /** Price batches were judged against, one per writeBids call. */
  readonly writes: { expectedPriceFils: number; bids: (BatchBid & { automatic?: boolean })[] }[] = [];
  loads = 0;
  /** Runs before each write: another replica, the end job or a failing database. */
  beforeWrite: () => void = () => {};

  loadState = jest.fn(async () => {
    this.loads++;
    return this.state && { ...this.state, maxima: [...this.state.maxima] };
  });

  writeBids = jest.fn(
    async (
      _auctionId: string,
      expectedPriceFils: number,
      bids: (BatchBid & { automatic?: boolean })[],
      maxBids: MaxBidChanges = { version: 0, changes: [] },
    ) => {
      this.writes.push({
        expectedPriceFils,
        bids: bids.map((b) => ({
          bidderId: b.bidderId,
          amountFils: b.amountFils,
          ...(b.automatic ? { automatic: true } : {}),
        })),
      });
      this.beforeWrite();
      const s = this.state!;
      if (
        s.currentPriceFils !== expectedPriceFils ||
        s.maxBidsVersion !== maxBids.version ||
        s.status !== AuctionStatus.Active ||
        s.endTime <= s.dbNow
      )
        return null;
      if (bids.some((b) => b.idempotencyKey && this.byKey(b.bidderId, b.idempotencyKey)))
        throw Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'bids_idempotency_key_idx' });
      const written = bids.map((b) => this.store(b));
      if (bids.length > 0) {
        s.currentPriceFils = bids[bids.length - 1].amountFils;
        s.leaderId = bids[bids.length - 1].bidderId;
      }
      if (maxBids.changes.length > 0) {
        s.maxBidsVersion++;
        for (const { userId, amountFils } of maxBids.changes) {
          s.maxima = s.maxima.filter((m) => m.userId !== userId);
          if (amountFils !== null) s.maxima.push({ userId, amountFils, order: this.stored.length + s.maxBidsVersion });
        }
      }
      return { endTime: s.endTime, bids: written };
    },
  );

  findByIdempotencyKeys = jest.fn(async (_auctionId: string, keys: { bidderId: string; idempotencyKey: string }[]) => {
    const found = new Map<string, WrittenBid>();
    for (const k of keys) {
      const bid = this.byKey(k.bidderId, k.idempotencyKey);
      if (bid) found.set(`${k.bidderId} ${k.idempotencyKey}`, bid);
    }
    return found;
  });

  buyNow = jest.fn(async (_auctionId: string, buyerId: string) => {
    this.beforeWrite();
    const s = this.state!;
    if (s.status !== AuctionStatus.Active || !s.buyNowPriceFils || s.currentPriceFils >= s.buyNowPriceFils) return null;
    Object.assign(s, { status: AuctionStatus.Sold, currentPriceFils: s.buyNowPriceFils, leaderId: buyerId });
    return { endedAt: s.dbNow };
  });

  /** A bid already in the table (an earlier request whose answer was lost). */
  store(bid: BatchBid & { automatic?: boolean }): WrittenBid {
    const written = {
      id: `bid-${this.stored.length + 1}`,
      seq: this.stored.length + 1,
      bidderId: bid.bidderId,
      amountFils: bid.amountFils,
      createdAt: T0,
      automatic: bid.automatic ?? false,
      idempotencyKey: bid.idempotencyKey,
    };
    this.stored.push(written);
    return written;
  }

  private byKey(bidderId: string, key: string) {
    return this.stored.find((b) => b.bidderId === bidderId && b.idempotencyKey === key);
  }
}

/** The per-auction lock: free, or busy (held elsewhere past the wait, as AuctionLockService throws). */
class FakeLock {
  busy = false;
  /** What release answers: another replica waits for the lock. */
  contended = false;
  held = 0;
  acquired = 0;
  maxHeld = 0;
  /** While set, acquiring waits for it (the lock held elsewhere for a while). */
  gate: Promise<void> | null = null;

  acquire = jest.fn(async (): Promise<HeldLock> => {
    if (this.gate) await this.gate;
    if (this.busy) throw new AppException('AUCTION_BUSY');
    this.acquired++;
    this.maxHeld = Math.max(this.maxHeld, ++this.held);
    return {
      release: async () => {
        this.held--;
        return this.contended;
      },
    };
  });
}

/** Admission limits that refuse nothing by time (the tests of admission control set their own). */
const ROOMY: BidAdmissionLimits = { maxQueued: 1000, waitBudgetMs: 60_000, deadlineMs: 60_000, eventLoopLagLimitMs: 0 };

function setup(limits: Partial<BidAdmissionLimits> = {}) {
  const writer = new FakeWriter();
  const lock = new FakeLock();
  const views = { findOne: jest.fn(async (id: string) => ({ _id: id, bids: [] }) as unknown as Auction) };
  const events = { publish: jest.fn() };
  const metrics = { admissionRefused: jest.fn() };
  const config = { bidAdmission: { ...ROOMY, ...limits }, rateLimitsEnabled: true } as AppConfig;
  const admission = new BidAdmission(config, metrics as unknown as BidMetrics);
  const tickets = new AdmissionTickets(config);
  const sequencer = new BidSequencer(
    lock as unknown as AuctionLockService,
    writer as unknown as BidWriter,
    views as unknown as AuctionReadModel,
    events as unknown as EventBus,
    admission,
    tickets,
  );
  const bid = (bidderId: string, amountFils: number, key?: string) =>
    sequencer.placeBid(AUCTION, bidderId, amountFils, key);
  const published = <T>(type: new (...args: never[]) => T): T[] =>
    events.publish.mock.calls.map(([e]) => e).filter((e): e is T => e instanceof type);
  /** Every bid the published BidsCommittedEvents carry, in order. */
  const committed = () => published(BidsCommittedEvent).flatMap((e) => e.bids);
  return { writer, lock, views, events, metrics, admission, tickets, sequencer, bid, published, committed };
}

/** Holds the auction's lock elsewhere until the returned function is called. */
const holdLock = (lock: FakeLock) => {
  let release!: () => void;
  lock.gate = new Promise<void>((r) => (release = r));
  return () => {
    lock.gate = null;
    release();
  };
};

/** The error code a refused request was answered with. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (err: unknown) => (err instanceof AppException ? err.code : err),
  );

describe('BidSequencer', () => {
  // The engine logs the failures these tests cause on purpose.
  beforeAll(() => Logger.overrideLogger(false));
  afterEach(() => jest.restoreAllMocks());

  describe('a batch of bids', () => {
    it('judges concurrent bids in arrival order and writes the accepted ones in one statement', async () => {
      const { bid, writer, published, committed } = setup();
      const answers = [bid('u1', 11_000), bid('u2', 11_000), bid('u3', 10_500), bid('u4', 12_000)].map(refusal);
      expect(await Promise.all(answers)).toEqual(['accepted', 'BID_TOO_LOW', 'BID_TOO_LOW', 'accepted']);
      expect(writer.writes).toEqual([
        {
          expectedPriceFils: 10_000,
          bids: [
            { bidderId: 'u1', amountFils: 11_000 },
            { bidderId: 'u4', amountFils: 12_000 },
          ],
        },
      ]);
      expect(writer.state!.currentPriceFils).toBe(12_000);
      // One event for the batch, its stored bids in order, each naming who it outbid.
      expect(published(BidsCommittedEvent)).toHaveLength(1);
      expect(committed().map((b) => [b.bidderId, b.amountFils, b.outbidUserId])).toEqual([
        ['u1', 11_000, null],
        ['u4', 12_000, 'u1'],
      ]);
    });

    it('answers an accepted bid with the stored bid and the auction read after the commit', async () => {
      const { bid, views } = setup();
      const outcome = await bid('u1', 11_000);
      expect(outcome.bid).toMatchObject({ bidderId: 'u1', amountFils: 11_000, seq: 1 });
      expect(outcome.views?.full).toEqual({ _id: AUCTION, bids: [] });
      expect(outcome.views?.live).toMatchObject({ _id: AUCTION, lastBids: [] });
      expect(views.findOne).toHaveBeenCalledTimes(1);
    });

    it('reads the auction once per batch and shares both views between its answers', async () => {
      const { bid, views } = setup();
      const [a, b] = await Promise.all([bid('u1', 11_000), bid('u2', 12_000)]);
      expect(views.findOne).toHaveBeenCalledTimes(1);
      expect(a.views).toBe(b.views);
    });

    it('names the previous leader as outbid, but not a leader who raises their own bid', async () => {
      const { bid, writer, committed } = setup();
      writer.state!.leaderId = 'u0';
      await Promise.all([bid('u1', 11_000), bid('u1', 12_000)]);
      expect(committed().map((b) => b.outbidUserId)).toEqual(['u0', null]);
    });

    it('never accepts the seller', async () => {
      const { bid, writer } = setup();
      expect(await refusal(bid(SELLER, 99_000))).toBe('BID_OWN_AUCTION');
      expect(writer.writeBids).not.toHaveBeenCalled();
    });

    it('splits a long queue into batches of at most 200, in order', async () => {
      const { bid, writer } = setup();
      const bids = Array.from({ length: 250 }, (_, i) => bid(`u${i}`, 10_001 + i));
      await Promise.all(bids);
      expect(writer.writes.map((w) => w.bids.length)).toEqual([200, 50]);
      expect(writer.writes[1].expectedPriceFils).toBe(10_200);
      expect(writer.stored.map((b) => b.amountFils)).toEqual(bids.map((_, i) => 10_001 + i));
    });

    it('takes one lock per auction at a time and releases it after its turn', async () => {
      const { bid, lock } = setup();
      await Promise.all([bid('u1', 11_000), bid('u2', 12_000)]);
      expect(lock.maxHeld).toBe(1);
      expect(lock.held).toBe(0);
    });

    it('lets other replicas in: after 50 ms with the lock it releases it, then takes it again for what is left', async () => {
      const { bid, writer, lock } = setup();
      let clock = 0;
      jest.spyOn(Date, 'now').mockImplementation(() => clock);
      // Each write takes 30 ms, and a new bid arrives during each of the first two.
      const later: Promise<unknown>[] = [];
      writer.beforeWrite = () => {
        clock += 30;
        if (later.length < 2) later.push(bid(`late${later.length}`, 20_000 + later.length));
      };
      await bid('u1', 11_000);
      await Promise.all(later);
      expect(writer.writes.map((w) => w.bids.map((b) => b.bidderId))).toEqual([['u1'], ['late0'], ['late1']]);
      expect(lock.acquired).toBe(2);
    });

    it('refuses a bid on an id not in its canonical spelling (a bug upstream)', async () => {
      const { sequencer } = setup();
      await expect(sequencer.placeBid(AUCTION.toUpperCase(), 'u1', 11_000)).rejects.toThrow(/canonical/);
    });
  });

  describe('a closed auction', () => {
    it.each([
      ['missing', null, 'AUCTION_NOT_FOUND'],
      ['deleted', { status: AuctionStatus.Deleted }, 'AUCTION_NOT_FOUND'],
      ['sold', { status: AuctionStatus.Sold }, 'AUCTION_NOT_OPEN'],
      ['past its end by the database clock', { endTime: T0 }, 'AUCTION_ENDED'],
    ] as const)('refuses every bid of the batch when %s', async (_, change, code) => {
      const { bid, writer } = setup();
      writer.state = change && { ...writer.state!, ...change };
      expect(await Promise.all([bid('u1', 11_000), bid('u2', 12_000)].map(refusal))).toEqual([code, code]);
      expect(writer.writeBids).not.toHaveBeenCalled();
    });
  });

  describe('a busy auction', () => {
    it('refuses every queued request with AUCTION_BUSY when the lock cannot be had', async () => {
      const { bid, sequencer, lock, writer } = setup();
      lock.busy = true;
      const answers = [bid('u1', 11_000), sequencer.buyNow(AUCTION, 'u2', 'Buyer'), bid('u3', 12_000)].map(refusal);
      expect(await Promise.all(answers)).toEqual(['AUCTION_BUSY', 'AUCTION_BUSY', 'AUCTION_BUSY']);
      expect(writer.loadState).not.toHaveBeenCalled();
      // Nothing is left queued: once the lock is free the next bid goes through.
      lock.busy = false;
      expect(await refusal(bid('u1', 11_000))).toBe('accepted');
    });

    it('refuses with AUCTION_BUSY after 5 re-reads when every write finds the auction moved', async () => {
      const { bid, writer } = setup();
      // Another replica raises the price by one fils before each of our writes.
      writer.beforeWrite = () => void (writer.state!.currentPriceFils += 1);
      expect(await refusal(bid('u1', 20_000))).toBe('AUCTION_BUSY');
      expect(writer.writeBids).toHaveBeenCalledTimes(6);
      expect(writer.loads).toBe(6);
    });

    it('refuses a buy-now with AUCTION_BUSY after 5 re-reads when every write is refused', async () => {
      const { sequencer, writer } = setup();
      writer.buyNow.mockResolvedValue(null);
      expect(await refusal(sequencer.buyNow(AUCTION, 'u1', 'Buyer'))).toBe('AUCTION_BUSY');
      expect(writer.buyNow).toHaveBeenCalledTimes(6);
    });
  });

  describe('admission control (an overloaded engine says busy at once)', () => {
    /** Whether `promise` has settled by now (after the pending callbacks ran). */
    const settled = async (promise: Promise<unknown>) => {
      let done = false;
      void promise.then(
        () => (done = true),
        () => (done = true),
      );
      await new Promise((r) => setImmediate(r));
      return done;
    };
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    it('a full queue refuses the next request at once with AUCTION_BUSY and Retry-After, unjudged', async () => {
      const { bid, sequencer, lock, writer, metrics } = setup({ maxQueued: 3 });
      const release = holdLock(lock);
      const admitted = [bid('u1', 11_000), bid('u2', 12_000), bid('u3', 13_000)].map(refusal);
      const overflow = [
        bid('u4', 14_000),
        sequencer.buyNow(AUCTION, 'u5', 'Buyer'),
        sequencer.setMaxBid(AUCTION, 'u6', 30_000),
      ];
      // Answered while the queue is still stuck: nobody waits for a turn that cannot come in time.
      for (const p of overflow) expect(await settled(p)).toBe(true);
      const [first] = await Promise.allSettled(overflow);
      expect((first as PromiseRejectedResult).reason.getResponse()).toMatchObject({
        statusCode: 503,
        code: 'AUCTION_BUSY',
        retryAfter: 1,
      });
      expect(await Promise.all(overflow.map(refusal))).toEqual(['AUCTION_BUSY', 'AUCTION_BUSY', 'AUCTION_BUSY']);
      expect(metrics.admissionRefused.mock.calls).toEqual([['queue_full'], ['queue_full'], ['queue_full']]);
      release();
      // The admitted ones are judged as usual; the refused ones never reached the writer.
      expect(await Promise.all(admitted)).toEqual(['accepted', 'accepted', 'accepted']);
      expect(writer.writes.flatMap((w) => w.bids.map((b) => b.bidderId))).toEqual(['u1', 'u2', 'u3']);
      expect(writer.state).toMatchObject({ currentPriceFils: 13_000, leaderId: 'u3', status: AuctionStatus.Active });
    });

    it('a queue with more full batches ahead than the wait budget allows refuses new requests at once', async () => {
      const { bid, lock, writer, metrics } = setup({ waitBudgetMs: 20 });
      // Each turn takes 30 ms (a slow statement): one full batch ahead is past the 20 ms budget.
      writer.beforeWrite = () => {
        const until = performance.now() + 30;
        while (performance.now() < until);
      };
      await bid('u0', 10_500);
      const release = holdLock(lock);
      const queued = Array.from({ length: 200 }, (_, i) => refusal(bid(`u${i + 1}`, 11_000 + i)));
      // The next batch is full: a newcomer would wait for a whole turn first.
      const late = bid('late', 50_000);
      expect(await settled(late)).toBe(true);
      expect(await refusal(late)).toBe('AUCTION_BUSY');
      expect(metrics.admissionRefused).toHaveBeenCalledWith('queue_wait');
      release();
      expect((await Promise.all(queued)).every((c) => c === 'accepted')).toBe(true);
    });

    it('a request that waited past its deadline is refused unjudged, and nothing is written', async () => {
      const { bid, sequencer, lock, writer, metrics } = setup({ deadlineMs: 30 });
      const release = holdLock(lock);
      const waiting = [bid('u1', 11_000, 'key-1'), sequencer.buyNow(AUCTION, 'u2', 'Buyer')].map(refusal);
      await sleep(80);
      release();
      expect(await Promise.all(waiting)).toEqual(['AUCTION_BUSY', 'AUCTION_BUSY']);
      expect(metrics.admissionRefused.mock.calls).toEqual([['deadline'], ['deadline']]);
      // The lock is waited for no longer than the deadline (past it, everything queued is late).
      expect(lock.acquire).toHaveBeenCalledWith(AUCTION, 30);
      // Not judged, not written, not even read: its retry (same key) starts afresh.
      expect(writer.loadState).not.toHaveBeenCalled();
      expect(writer.writeBids).not.toHaveBeenCalled();
      expect(writer.buyNow).not.toHaveBeenCalled();
      expect(writer.stored).toEqual([]);
      expect(await refusal(bid('u1', 11_000, 'key-1'))).toBe('accepted');
    });

    it('a request that arrived past its deadline is refused at once', async () => {
      const { sequencer, writer } = setup({ deadlineMs: 30 });
      const arrivedLongAgo = performance.now() - 1_000;
      expect(await refusal(sequencer.placeBid(AUCTION, 'u1', 11_000, undefined, arrivedLongAgo))).toBe('AUCTION_BUSY');
      expect(() => sequencer.assertAdmits(AUCTION, arrivedLongAgo)).toThrow(AppException);
      expect(writer.writeBids).not.toHaveBeenCalled();
    });

    it('counts the tickets of requests on their way to the queue as queued; asking counts nothing', async () => {
      const { bid, sequencer, tickets, lock, metrics } = setup({ maxQueued: 2 });
      // Asking at the door takes no place: however often, the empty queue admits.
      for (let i = 0; i < 5; i++) sequencer.assertAdmits(AUCTION, performance.now());
      // Two admissible requests got tickets at the door (their re-read, key and rate limit to come)…
      const first = tickets.issue(AUCTION, { id: 'u1' });
      tickets.issue(AUCTION, { id: 'u2' });
      // …so a third is refused there, though the queue itself is empty.
      expect(() => sequencer.assertAdmits(AUCTION, performance.now())).toThrow(AppException);
      expect(metrics.admissionRefused).toHaveBeenLastCalledWith('queue_full');
      // u1's request joins the queue (stuck behind the lock): the queue counts it, not its ticket.
      const release = holdLock(lock);
      const queued = refusal(bid('u1', 11_000));
      expect(tickets.onTheirWay(AUCTION)).toBe(1);
      expect(() => sequencer.assertAdmits(AUCTION, performance.now())).toThrow(AppException);
      release();
      expect(await queued).toBe('accepted');
      first.release();
      // Answered and released: one place (u2's ticket) is taken, one is free.
      sequencer.assertAdmits(AUCTION, performance.now());
    });

    it('never refuses the reprice after a removal (operator work), even behind a full queue', async () => {
      const { bid, sequencer, lock, writer } = setup({ maxQueued: 1 });
      // The removed member had no automatic bid here: nothing to write.
      Object.assign(writer, { loadRemainder: jest.fn(async () => null) });
      const release = holdLock(lock);
      const queued = refusal(bid('u1', 11_000));
      const reprice = sequencer.repriceWithoutMember(AUCTION, 'gone');
      release();
      await expect(reprice).resolves.toBeUndefined();
      expect(await queued).toBe('accepted');
    });

    it('admits a storm within its limits (the default limits): every bid is judged, none refused busy', async () => {
      const defaults = AppConfig.fromEnvironment({ JWT_SECRET: 'unit-test-secret-that-is-long-enough-0123456789' });
      const { bid, sequencer, writer, metrics } = setup({ ...defaults.bidAdmission, eventLoopLagLimitMs: 0 });
      // 450 bids at once: more than two batches, all queued behind the first turn (below the buy-now price).
      const answers = Array.from({ length: 450 }, (_, i) => refusal(bid(`u${i % 50}`, 10_000 + 50 * (i + 1))));
      const codes = await Promise.all(answers);
      expect(codes.filter((c) => c === 'AUCTION_BUSY')).toEqual([]);
      expect(codes.every((c) => c === 'accepted')).toBe(true);
      expect(metrics.admissionRefused).not.toHaveBeenCalled();
      expect(writer.state!.currentPriceFils).toBe(10_000 + 50 * 450);
      sequencer.assertAdmits(AUCTION, performance.now());
    });
  });

  describe('taking a bid back (R-BID-RETRACT, R-BID-OPERATOR-CANCEL)', () => {
    /** A stored bid of `bidderId`, placed `minutesAgo` before the auction's clock. */
    function withBid(writer: FakeWriter, bidderId: string, amountFils: number, minutesAgo = 5) {
      const stored = writer.store({ bidderId, amountFils });
      Object.assign(writer.state!, { currentPriceFils: amountFils, leaderId: bidderId });
      const facts = { bidderId, seq: stored.seq, isCancelled: false, isAutomatic: false };
      Object.assign(writer, {
        loadBid: jest.fn(async () => ({ ...facts, createdAt: new Date(T0.getTime() - minutesAgo * 60_000) })),
        loadRemainder: jest.fn(async () => ({ top: null, startingPriceFils: 10_000, cancelled: 1 })),
        reprice: jest.fn(async (_auctionId: string, _judgedBy: AuctionBidState, change: { newPriceFils: number }) => {
          Object.assign(writer.state!, { currentPriceFils: change.newPriceFils, leaderId: null });
          writer.state!.maxBidsVersion++;
          return { bids: [] };
        }),
      });
      return stored.id;
    }

    it('a retraction waits its turn behind the bids queued before it, then reprices with their price', async () => {
      const { bid, sequencer, writer, lock, published } = setup();
      const bidId = withBid(writer, 'typo', 10_500);
      const release = holdLock(lock);
      const before = refusal(bid('u1', 11_000));
      const retraction = sequencer.retractBid(AUCTION, 'typo', bidId, 'wrong_amount');
      release();
      expect(await before).toBe('accepted');
      await retraction;
      const reprice = (writer as unknown as { reprice: jest.Mock }).reprice;
      // Judged by the price the bid before it left, with its record and the member's limit.
      expect(reprice.mock.calls[0][1]).toMatchObject({ currentPriceFils: 11_000 });
      expect(reprice.mock.calls[0][2]).toMatchObject({
        cancel: { bidderId: 'typo', fromSeq: 1, answersAfterSeq: 1 },
        withdrawMaxOf: 'typo',
        newPriceFils: 10_000,
        record: { kind: 'retraction', reason: 'wrong_amount', by: 'typo', limit: { max: 3, days: 30 } },
      });
      expect(published(AuctionRepricedEvent)).toHaveLength(1);
    });

    it('refuses by the rules before anything is written: not theirs, past the hour, the monthly limit', async () => {
      const { sequencer, writer } = setup();
      const bidId = withBid(writer, 'typo', 10_500, 61);
      expect(await refusal(sequencer.retractBid(AUCTION, 'other', bidId, 'wrong_amount'))).toBe('BID_NOT_YOURS');
      expect(await refusal(sequencer.retractBid(AUCTION, 'typo', bidId, 'wrong_amount'))).toBe(
        'BID_RETRACT_WINDOW_PASSED',
      );
      const reprice = (writer as unknown as { reprice: jest.Mock }).reprice;
      expect(reprice).not.toHaveBeenCalled();
      const recent = withBid(writer, 'typo', 10_600, 1);
      (writer as unknown as { reprice: jest.Mock }).reprice.mockResolvedValueOnce('limit');
      expect(await refusal(sequencer.retractBid(AUCTION, 'typo', recent, 'wrong_amount'))).toBe(
        'BID_RETRACT_MONTHLY_LIMIT',
      );
    });

    it('a retraction is a member’s request (refused busy behind a full queue); an operator’s cancel is never refused busy', async () => {
      const { bid, sequencer, writer, lock } = setup({ maxQueued: 1 });
      const bidId = withBid(writer, 'typo', 10_500);
      const release = holdLock(lock);
      const queued = refusal(bid('u1', 11_000));
      expect(await refusal(sequencer.retractBid(AUCTION, 'typo', bidId, 'wrong_amount'))).toBe('AUCTION_BUSY');
      const cancel = sequencer.cancelBid(AUCTION, 'operator', bidId, 'سبب الإلغاء');
      release();
      expect(await queued).toBe('accepted');
      await expect(cancel).resolves.toMatchObject({ auction: { _id: AUCTION } });
    });
  });

  describe('a conflict (the auction moved since it was read)', () => {
    it('re-reads and judges the batch again against the new price', async () => {
      const { bid, writer } = setup();
      let once = true;
      writer.beforeWrite = () => {
        if (once) writer.state!.currentPriceFils = 11_500; // a bid stored by another replica
        once = false;
      };
      const answers = [bid('u1', 11_000), bid('u2', 12_000)].map(refusal);
      expect(await Promise.all(answers)).toEqual(['BID_TOO_LOW', 'accepted']);
      expect(writer.writes.map((w) => w.expectedPriceFils)).toEqual([10_000, 11_500]);
      expect(writer.writes[1].bids).toEqual([{ bidderId: 'u2', amountFils: 12_000 }]);
    });

    it('refuses the batch with the closed reason when the auction closed meanwhile', async () => {
      const { bid, writer } = setup();
      writer.beforeWrite = () => void (writer.state!.status = AuctionStatus.Unsold);
      expect(await refusal(bid('u1', 11_000))).toBe('AUCTION_NOT_OPEN');
      expect(writer.writeBids).toHaveBeenCalledTimes(1);
    });
  });

  describe('idempotency keys', () => {
    it('answers the retry of a committed bid with that bid, not BID_TOO_LOW', async () => {
      const { bid, writer } = setup();
      const first = await bid('u1', 11_000, 'key-1');
      const retry = await bid('u1', 11_000, 'key-1');
      expect(retry).toEqual({ bid: first.bid, views: null });
      expect(writer.stored).toHaveLength(1);
    });

    it('refuses the same key for another amount with IDEMPOTENCY_CONFLICT', async () => {
      const { bid, writer } = setup();
      await bid('u1', 11_000, 'key-1');
      expect(await refusal(bid('u1', 10_500, 'key-1'))).toBe('IDEMPOTENCY_CONFLICT');
      expect(writer.stored).toHaveLength(1);
    });

    it('a key reused for a higher amount fails the write: that bid is refused, the others written', async () => {
      const { bid, writer } = setup();
      writer.store({ bidderId: 'u1', amountFils: 10_000, idempotencyKey: 'key-1' }); // its answer was lost
      const answers = [bid('u1', 12_000, 'key-1'), bid('u2', 15_000, 'key-2')].map(refusal);
      expect(await Promise.all(answers)).toEqual(['IDEMPOTENCY_CONFLICT', 'accepted']);
      expect(writer.writes.map((w) => w.bids.map((b) => b.bidderId))).toEqual([['u1', 'u2'], ['u2']]);
      expect(writer.stored.map((b) => b.bidderId)).toEqual(['u1', 'u2']);
    });

    it('keys are per member: the same key from another member is another bid', async () => {
      const { bid, writer } = setup();
      await bid('u1', 11_000, 'key-1');
      expect(await refusal(bid('u2', 12_000, 'key-1'))).toBe('accepted');
      expect(writer.stored).toHaveLength(2);
    });

    it('a failed key lookup fails only the keyed refusals (a transient error the client retries)', async () => {
      const { bid, writer } = setup();
      const down = new Error('database down');
      writer.findByIdempotencyKeys.mockRejectedValueOnce(down);
      const answers = [bid('u1', 9_000, 'key-1'), bid('u2', 9_000)].map(refusal);
      expect(await Promise.all(answers)).toEqual([down, 'BID_TOO_LOW']);
    });
  });

  describe('buy now', () => {
    it('is served in arrival order between bids: later bids find the auction sold', async () => {
      const { bid, sequencer, writer, published } = setup();
      const answers = [bid('u1', 11_000), sequencer.buyNow(AUCTION, 'u2', 'Buyer'), bid('u3', 60_000)].map(refusal);
      expect(await Promise.all(answers)).toEqual(['accepted', 'accepted', 'AUCTION_NOT_OPEN']);
      expect(writer.state!.status).toBe(AuctionStatus.Sold);
      expect(published(AuctionSoldEvent).map((e) => e.buyerId)).toEqual(['u2']);
      expect(published(AuctionEndedEvent).map((e) => [e.status, e.winnerId])).toEqual([[AuctionStatus.Sold, 'u2']]);
    });

    it('refuses what the rules refuse without writing', async () => {
      const { sequencer, writer } = setup();
      expect(await refusal(sequencer.buyNow(AUCTION, SELLER, 'Seller'))).toBe('BUY_NOW_OWN_AUCTION');
      expect(await refusal(sequencer.buyNow(AUCTION, 'u1', 'Buyer', 40_000))).toBe('BUY_NOW_PRICE_CHANGED');
      expect(writer.buyNow).not.toHaveBeenCalled();
    });
  });

  describe('failures', () => {
    it('answers the batch and everything queued with the error when a write fails, then carries on', async () => {
      const { bid, sequencer, writer, lock } = setup();
      const down = new Error('database down');
      writer.beforeWrite = () => {
        throw down;
      };
      // The buy-now waits behind the bids' batch: it is answered with the same error.
      const answers = [bid('u1', 11_000), sequencer.buyNow(AUCTION, 'u2', 'Buyer')].map(refusal);
      expect(await Promise.all(answers)).toEqual([down, down]);
      expect(lock.held).toBe(0);
      writer.beforeWrite = () => {};
      expect(await refusal(bid('u1', 11_000))).toBe('accepted');
    });

    it('a committed bid stands when reading the auction back fails: answered without it', async () => {
      const { bid, views } = setup();
      views.findOne.mockRejectedValueOnce(new Error('read failed'));
      const outcome = await bid('u1', 11_000);
      expect(outcome.views).toBeNull();
      expect(outcome.bid.amountFils).toBe(11_000);
    });

    it('a failing lock release does not lose the next request', async () => {
      const { bid, lock } = setup();
      lock.acquire.mockImplementationOnce(async () => ({ release: () => Promise.reject(new Error('redis down')) }));
      expect(await refusal(bid('u1', 11_000))).toBe('accepted');
      expect(await refusal(bid('u2', 12_000))).toBe('accepted');
    });
  });

  it('waits at shutdown for queued work to be answered', async () => {
    const { bid, sequencer } = setup();
    const pending = bid('u1', 11_000);
    await sequencer.onApplicationShutdown();
    await expect(pending).resolves.toMatchObject({ bid: { amountFils: 11_000 } });
    expect((sequencer as unknown as { queues: Map<string, unknown> }).queues.size).toBe(0);
  });

  describe('maximums (R-MAX-BID)', () => {
    it('answers a manual bid with the automatic bid in the same statement, and says who leads', async () => {
      const { sequencer, bid, writer, committed } = setup();
      const set = await sequencer.setMaxBid(AUCTION, 'p', 40_000);
      expect(set).toMatchObject({ leading: true, tiedEarlier: false });
      const answer = await bid('u', 20_000);
      expect(answer.bid).toMatchObject({ bidderId: 'u', amountFils: 20_000, automatic: false });
      expect(writer.writes.at(-1)!.bids).toEqual([
        { bidderId: 'u', amountFils: 20_000 },
        { bidderId: 'p', amountFils: 21_000, automatic: true },
      ]);
      expect(committed().map((b) => [b.bidderId, b.amountFils, b.automatic])).toEqual([
        ['p', 11_000, true],
        ['u', 20_000, false],
        ['p', 21_000, true],
      ]);
    });

    it('a maximum set elsewhere meanwhile (its version moved) makes the batch judged again with it', async () => {
      const { bid, writer } = setup();
      let once = true;
      writer.beforeWrite = () => {
        if (!once) return;
        once = false;
        writer.state!.maxima.push({ userId: 'p', amountFils: 40_000, order: 1 });
        writer.state!.maxBidsVersion++;
      };
      await bid('u', 20_000);
      expect(writer.writes.map((w) => w.bids.length)).toEqual([1, 2]);
      expect(writer.state).toMatchObject({ currentPriceFils: 21_000, leaderId: 'p' });
    });

    it('withdrawal is refused while the maximum holds the price', async () => {
      const { sequencer } = setup();
      await sequencer.setMaxBid(AUCTION, 'p', 40_000);
      expect(await refusal(sequencer.withdrawMaxBid(AUCTION, 'p'))).toBe('MAX_BID_HOLDS_PRICE');
      expect(await refusal(sequencer.setMaxBid(AUCTION, SELLER, 60_000))).toBe('BID_OWN_AUCTION');
    });
  });
});
