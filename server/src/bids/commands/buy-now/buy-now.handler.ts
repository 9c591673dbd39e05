import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Auction } from '@mazad/contracts';
import { AuctionReadModel } from '../../../auctions';
import { assertVerified } from '../../../auth';
import { BidSequencer } from '../../engine/bid-sequencer';
import { BuyNowCommand } from './buy-now.command';

@CommandHandler(BuyNowCommand)
export class BuyNowHandler implements ICommandHandler<BuyNowCommand, Auction> {
  constructor(
    private readonly sequencer: BidSequencer,
    private readonly readModel: AuctionReadModel,
  ) {}

  /** Goes through the same per-auction queue as bids, so a buy-now and a bid never interleave. */
  async execute({ auctionId, buyer, expectedFils }: BuyNowCommand) {
    assertVerified(buyer);
    const outcome = await this.sequencer.buyNow(auctionId, buyer.id, buyer.name, expectedFils);
    return outcome.auction ?? (await this.readModel.findOne(auctionId))!;
  }
}
