import { Module } from '@nestjs/common';
import { AuctionsModule } from '../auctions/auctions.module';
import { RateLimitModule } from '../infrastructure/rate-limit/rate-limit.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { SetWatchHandler } from './commands/set-watch/set-watch.handler';
import { GetWatchingHandler } from './queries/get-watching/get-watching.handler';
import { GetWatchlistHandler } from './queries/get-watchlist/get-watchlist.handler';
import { WatchlistController } from './watchlist.controller';

/** Saving auctions and the member's watchlist; bids add to it in the auction store's bid statement. */
@Module({
  imports: [AuctionsModule, RealtimeModule, RateLimitModule],
  controllers: [WatchlistController],
  providers: [SetWatchHandler, GetWatchlistHandler, GetWatchingHandler],
})
export class WatchlistModule {}
