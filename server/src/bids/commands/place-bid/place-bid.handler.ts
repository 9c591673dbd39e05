import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Auction, Bid } from '@mazad/contracts';
import { AuctionReadModel, toBid } from '../../../auctions';
import { assertVerified } from '../../../auth';
import { RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { BidSequencer } from '../../engine/bid-sequencer';
import { PlaceBidCommand } from './place-bid.command';

@CommandHandler(PlaceBidCommand)
export class PlaceBidHandler implements ICommandHandler<PlaceBidCommand, { auction: Auction; bid: Bid }> {
  constructor(
    private readonly sequencer: BidSequencer,
    private readonly rateLimits: RateLimitService,
    private readonly readModel: AuctionReadModel,
  ) {}

  async execute({ auctionId, bidder, amountFils, idempotencyKey, arrivedAt }: PlaceBidCommand) {
    assertVerified(bidder);
    await this.rateLimits.consumeMember('bids-member', bidder);
    const outcome = await this.sequencer.placeBid(auctionId, bidder.id, amountFils, idempotencyKey, arrivedAt);
    const auction = outcome.auction ?? (await this.readModel.findOne(auctionId))!;
    const bid = toBid(outcome.bid, bidder.name);
    // The bid statement added the bidder to the watchers (AuctionStore.applyBidBatch); the
    // shared copy the broadcasts carry has no viewer, this answer has one.
    return { auction: { ...auction, watchedByMe: true }, bid };
  }
}
