import type { CommandBus } from '@nestjs/cqrs';
import type { Auction, Bid, LiveAuction } from '@mazad/contracts';
import type { AuctionReadModel } from '../auctions';
import type { AuthUser } from '../auth';
import { AppException } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { BidMetrics, Metrics } from '../infrastructure/metrics';
import type { BidAction } from '../infrastructure/metrics';
import { type MemberCall, BidActions } from './bid-actions';
import type { AuctionViews } from './answer-views';
import { BuyNowCommand } from './commands/buy-now/buy-now.command';
import { PlaceBidCommand } from './commands/place-bid/place-bid.command';
import { SetMaxBidCommand } from './commands/set-max-bid/set-max-bid.command';
import { WithdrawMaxBidCommand } from './commands/withdraw-max-bid/withdraw-max-bid.command';
import type { AdmissionTickets } from './engine/admission-tickets';
import type { BidSequencer, MaxBidOutcome } from './engine/bid-sequencer';
import type { BidWriter } from './engine/bid-writer';
import { MaxBidAnswers } from './max-bid-answers';

const config = AppConfig.fromEnvironment({ JWT_SECRET: 'unit-test-secret-that-is-long-enough-0123456789' });
const member = { id: 'member-1', name: 'سارة', isVerified: true } as AuthUser;
const AUCTION_ID = 'auction-1';
const call: MemberCall = { auctionId: AUCTION_ID, member, arrivedAt: 42, idempotencyKey: 'key-1' };

const full = { _id: AUCTION_ID, currentPrice: 120.5, watchedByMe: false } as Auction;
const live = { _id: AUCTION_ID, currentPrice: 120.5, seq: 7 } as LiveAuction;
const views: AuctionViews = { full, live };
const bid = { _id: 'bid-1', amount: 120.5 } as Bid;
const setAt = new Date('2026-01-01T10:00:00Z');

/**
 * The front door over a command bus that answers each command as the engine would (and records
 * it), the real metrics, and the maximum's answers over a stored maximum of 200 JOD.
 */
function door({ refuse }: { refuse?: AppException } = {}) {
  const executed: unknown[] = [];
  const outcome: MaxBidOutcome = { views, leading: true, tiedEarlier: false };
  const commands = {
    execute: async (command: unknown) => {
      executed.push(command);
      if (refuse) throw refuse;
      if (command instanceof PlaceBidCommand) return { views, bid };
      if (command instanceof BuyNowCommand) return { ...full, status: 'sold' };
      if (command instanceof WithdrawMaxBidCommand) return { ...outcome, leading: false };
      return outcome;
    },
  } as unknown as CommandBus;
  const writer = {
    findMaxBid: async () => (executed.at(-1) instanceof WithdrawMaxBidCommand ? null : { amountFils: 200_000, setAt }),
  } as unknown as BidWriter;
  const metrics = new Metrics(config);
  const actions = new BidActions(
    commands,
    new BidMetrics(metrics),
    {} as BidSequencer,
    {} as AdmissionTickets,
    new MaxBidAnswers(writer, {} as AuctionReadModel),
  );
  /** mazad_bids_total of `action` with this outcome and code, and its decisions timed. */
  const counted = async (action: BidAction, outcome: 'accepted' | 'refused', code = '') => {
    const total = (await metrics.bids.get()).values.find(
      (v) => v.labels.action === action && v.labels.outcome === outcome && v.labels.code === code,
    );
    const timed = (await metrics.bidDecision.get()).values.find(
      (v) => v.metricName === 'mazad_bid_decision_seconds_count' && v.labels.action === action,
    );
    return { total: total?.value ?? 0, timed: timed?.value ?? 0 };
  };
  return { actions, executed, counted };
}

describe('BidActions, the front door of the four member calls', () => {
  it('turns every JOD amount into fils the same way', async () => {
    const { actions, executed } = door();
    await actions.placeBid(call, { amount: 120.5 });
    await actions.buyNow(call, { expectedPrice: 250.125 });
    await actions.buyNow(call, {});
    await actions.setMaxBid(call, { amount: 200.001 });
    await actions.withdrawMaxBid(call);
    expect(executed).toEqual([
      new PlaceBidCommand(AUCTION_ID, member, 120_500, 'key-1', 42),
      new BuyNowCommand(AUCTION_ID, member, 250_125, 42),
      new BuyNowCommand(AUCTION_ID, member, undefined, 42),
      new SetMaxBidCommand(AUCTION_ID, member, 200_001, 42),
      new WithdrawMaxBidCommand(AUCTION_ID, member, 42),
    ]);
  });

  it('refuses an amount of more than 3 decimals before any command, uncounted', async () => {
    const { actions, executed, counted } = door();
    const refusals = [
      actions.placeBid(call, { amount: 1.0005 }),
      actions.buyNow(call, { expectedPrice: 1.0005 }),
      actions.setMaxBid(call, { amount: 1.0005 }),
    ].map((answer) =>
      answer.then(
        () => 'answered',
        (err: AppException) => err.code,
      ),
    );
    expect(await Promise.all(refusals)).toEqual(['VALIDATION_ERROR', 'VALIDATION_ERROR', 'VALIDATION_ERROR']);
    expect(executed).toEqual([]);
    for (const action of ['bid', 'buy_now', 'set_max_bid'] as const)
      expect(await counted(action, 'refused', 'VALIDATION_ERROR')).toEqual({ total: 0, timed: 0 });
  });

  it('counts and times each decision under its action, accepted or refused by its code', async () => {
    const accepting = door();
    await accepting.actions.placeBid(call, { amount: 121 });
    await accepting.actions.buyNow(call, {});
    await accepting.actions.setMaxBid(call, { amount: 200 });
    await accepting.actions.withdrawMaxBid(call);
    for (const action of ['bid', 'buy_now', 'set_max_bid', 'withdraw_max_bid'] as const)
      expect(await accepting.counted(action, 'accepted')).toEqual({ total: 1, timed: 1 });

    const refusing = door({ refuse: new AppException('AUCTION_ENDED') });
    const answers = [
      refusing.actions.placeBid(call, { amount: 121 }),
      refusing.actions.buyNow(call, {}),
      refusing.actions.setMaxBid(call, { amount: 200 }),
      refusing.actions.withdrawMaxBid(call),
    ];
    for (const answer of answers) await expect(answer).rejects.toMatchObject({ code: 'AUCTION_ENDED' });
    for (const action of ['bid', 'buy_now', 'set_max_bid', 'withdraw_max_bid'] as const) {
      expect(await refusing.counted(action, 'refused', 'AUCTION_ENDED')).toEqual({ total: 1, timed: 1 });
      expect((await refusing.counted(action, 'accepted')).total).toBe(0);
    }
  });

  it('answers a bid and a maximum with the auction asked for, a buy-now with the sold auction', async () => {
    const { actions } = door();
    expect(await actions.placeBid(call, { amount: 121 })).toEqual({
      success: true,
      message: 'تمت إضافة المزايدة بنجاح',
      bid,
      auction: { ...full, watchedByMe: true },
    });
    expect(await actions.placeBid({ ...call, view: 'live' }, { amount: 121 })).toMatchObject({ auction: live });
    expect(await actions.buyNow(call, {})).toEqual({
      success: true,
      message: 'تم شراء المنتج بنجاح، تم إلغاء جميع المزايدات وإنهاء المزاد',
      auction: { ...full, status: 'sold' },
    });
    expect(await actions.setMaxBid(call, { amount: 200 })).toEqual({
      success: true,
      message: 'تم حفظ حدك الأقصى، وأنت صاحب أعلى مزايدة',
      maxBid: { amount: 200, setAt: setAt.toISOString() },
      leading: true,
      auction: full,
    });
    expect(await actions.withdrawMaxBid({ ...call, view: 'live' })).toEqual({
      success: true,
      message: 'تم سحب حدك الأقصى',
      maxBid: null,
      leading: false,
      auction: live,
    });
  });
});
