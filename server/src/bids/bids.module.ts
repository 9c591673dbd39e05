import { Module } from '@nestjs/common';
import { AuctionsModule } from '../auctions/auctions.module';
import { IdempotencyModule } from '../infrastructure/idempotency/idempotency.module';
import { RateLimitModule } from '../infrastructure/rate-limit/rate-limit.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { BidActions } from './bid-actions';
import { BidsController } from './bids.controller';
import { BidsGateway } from './bids.gateway';
import { BuyNowHandler } from './commands/buy-now/buy-now.handler';
import { CancelBidHandler } from './commands/cancel-bid/cancel-bid.handler';
import { PlaceBidHandler } from './commands/place-bid/place-bid.handler';
import { RepriceWithoutMemberHandler } from './commands/reprice-without-member/reprice-without-member.handler';
import { RetractBidHandler } from './commands/retract-bid/retract-bid.handler';
import { SetMaxBidHandler } from './commands/set-max-bid/set-max-bid.handler';
import { WithdrawMaxBidHandler } from './commands/withdraw-max-bid/withdraw-max-bid.handler';
import { AdmissionTickets } from './engine/admission-tickets';
import { AuctionLockService } from './engine/auction-lock.service';
import { BidAdmission } from './engine/bid-admission';
import { BidSequencer } from './engine/bid-sequencer';
import { BidWriter } from './engine/bid-writer';
import { CorrectionAnswers } from './correction-answers';
import { MaxBidAnswers } from './max-bid-answers';
import { GetMaxBidHandler } from './queries/get-max-bid/get-max-bid.handler';

const commandHandlers = [
  PlaceBidHandler,
  BuyNowHandler,
  SetMaxBidHandler,
  WithdrawMaxBidHandler,
  GetMaxBidHandler,
  RepriceWithoutMemberHandler,
  RetractBidHandler,
  CancelBidHandler,
];

@Module({
  imports: [AuctionsModule, RateLimitModule, IdempotencyModule, RealtimeModule],
  controllers: [BidsController],
  // Two entry points for the same calls: HTTP (BidsController) and the socket (BidsGateway).
  providers: [
    ...commandHandlers,
    BidActions,
    MaxBidAnswers,
    CorrectionAnswers,
    BidsGateway,
    AuctionLockService,
    BidWriter,
    BidAdmission,
    AdmissionTickets,
    BidSequencer,
  ],
})
export class BidsModule {}
