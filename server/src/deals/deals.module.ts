import { Module } from '@nestjs/common';
import { AuctionsModule } from '../auctions/auctions.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { ConfirmDealHandler } from './commands/confirm-deal/confirm-deal.handler';
import { DealsController } from './deals.controller';
import { DealBroadcastHandler } from './events/handlers/deal-broadcast.handler';

/** After the sale: the seller or the winner confirms the deal. */
@Module({
  imports: [AuctionsModule, RealtimeModule],
  controllers: [DealsController],
  providers: [ConfirmDealHandler, DealBroadcastHandler],
})
export class DealsModule {}
