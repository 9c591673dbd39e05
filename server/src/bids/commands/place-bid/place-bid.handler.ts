import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Bid } from '@mazad/contracts';
import { AuctionReadModel, BIDS_IN_LIVE_VIEW, toBid } from '../../../auctions';
import { assertVerified } from '../../../auth';
import { RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { auctionViews, type AuctionViews } from '../../answer-views';
import { BidSequencer } from '../../engine/bid-sequencer';
import { PlaceBidCommand } from './place-bid.command';

@CommandHandler(PlaceBidCommand)
export class PlaceBidHandler implements ICommandHandler<PlaceBidCommand, { views: AuctionViews; bid: Bid }> {
  constructor(
    private readonly sequencer: BidSequencer,
    private readonly rateLimits: RateLimitService,
    private readonly readModel: AuctionReadModel,
  ) {}

  async execute({ auctionId, bidder, amountFils, idempotencyKey, arrivedAt }: PlaceBidCommand) {
    assertVerified(bidder);
    await this.rateLimits.consumeMember('bids-member', bidder);
    const outcome = await this.sequencer.placeBid(auctionId, bidder.id, amountFils, idempotencyKey, arrivedAt);
    // No views: a retry answered with its stored bid, or the read after the commit failed.
    const views = outcome.views ?? auctionViews((await this.readModel.findOne(auctionId, BIDS_IN_LIVE_VIEW))!);
    return { views, bid: toBid(outcome.bid, bidder.name) };
  }
}
