import { Module } from '@nestjs/common';
import { AuctionsModule } from '../auctions.module';
import { EndAuctionHandler } from '../commands/end-auction/end-auction.handler';
import { ScheduleAuctionEndHandler } from '../events/handlers/schedule-auction-end.handler';
import { AuctionEndScheduler } from './auction-end.scheduler';

/** The end of auctions: delayed jobs with start-up reconciliation and a sweep, the exactly-once end command. */
@Module({
  imports: [AuctionsModule],
  providers: [EndAuctionHandler, ScheduleAuctionEndHandler, AuctionEndScheduler],
  exports: [AuctionEndScheduler],
})
export class AuctionEndModule {}
