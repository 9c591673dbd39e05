import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Auction } from '@mazad/contracts';
import { AuctionReadModel } from '../../../auctions';
import { assertVerified } from '../../../auth';
import { RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { BidSequencer } from '../../engine/bid-sequencer';
import { BuyNowCommand } from './buy-now.command';

@CommandHandler(BuyNowCommand)
export class BuyNowHandler implements ICommandHandler<BuyNowCommand, Auction> {
  constructor(
    private readonly sequencer: BidSequencer,
    private readonly readModel: AuctionReadModel,
    private readonly rateLimits: RateLimitService,
  ) {}

  /**
   * Goes through the same per-auction queue as bids, so a buy-now and a bid never interleave.
   * Limited per member like bids (both transports: HTTP and the socket's `buy_now`).
   */
  async execute({ auctionId, buyer, expectedFils, arrivedAt }: BuyNowCommand) {
    assertVerified(buyer);
    await this.rateLimits.consumeMember('buy-now-member', buyer);
    const outcome = await this.sequencer.buyNow(auctionId, buyer.id, buyer.name, expectedFils, arrivedAt);
    const auction = outcome.auction ?? (await this.readModel.findOne(auctionId))!;
    // The buy-now statement made the buyer a watcher (AuctionStore.buyNow): this answer is theirs.
    return { ...auction, watchedByMe: true };
  }
}
