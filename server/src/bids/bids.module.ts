import { Module } from '@nestjs/common';
import { AuctionsModule } from '../auctions/auctions.module';
import { RateLimitModule } from '../infrastructure/rate-limit/rate-limit.module';
import { BidsController } from './bids.controller';
import { BuyNowHandler } from './commands/buy-now/buy-now.handler';
import { PlaceBidHandler } from './commands/place-bid/place-bid.handler';
import { AuctionLockService } from './engine/auction-lock.service';
import { BidSequencer } from './engine/bid-sequencer';
import { BidWriter } from './engine/bid-writer';

const commandHandlers = [PlaceBidHandler, BuyNowHandler];

@Module({
  imports: [AuctionsModule, RateLimitModule],
  controllers: [BidsController],
  providers: [...commandHandlers, AuctionLockService, BidWriter, BidSequencer],
})
export class BidsModule {}
