import { Module } from '@nestjs/common';
import { AuctionsModule } from '../auctions/auctions.module';
import { ArchiveController } from './archive.controller';
import { ArchivePolicy } from './archive-policy';
import { ArchiveViewsService } from './archive-views.service';
import { ArchiveAuctionHandler } from './commands/archive-auction/archive-auction.handler';
import { ConfirmArchivedDealHandler } from './commands/confirm-archived-deal/confirm-archived-deal.handler';
import { ScheduleAuctionArchiveHandler } from './events/handlers/schedule-auction-archive.handler';
import { GetArchiveStatsHandler } from './queries/get-archive-stats/get-archive-stats.handler';
import { GetArchivedAuctionsHandler } from './queries/get-archived-auctions/get-archived-auctions.handler';
import { AuctionArchiveScheduler } from './scheduling/auction-archive.scheduler';

const commandHandlers = [ArchiveAuctionHandler, ConfirmArchivedDealHandler];
const queryHandlers = [GetArchivedAuctionsHandler, GetArchiveStatsHandler];
const scheduling = [ArchivePolicy, AuctionArchiveScheduler, ScheduleAuctionArchiveHandler];

/**
 * The archive: delayed jobs move ended auctions out of the live lists (unsold after
 * ARCHIVE_UNSOLD_AFTER, sold after ARCHIVE_SOLD_AFTER), with start-up reconciliation and a
 * periodic sweep; members read their archive and confirm archived deals.
 */
@Module({
  imports: [AuctionsModule],
  controllers: [ArchiveController],
  providers: [ArchiveViewsService, ...commandHandlers, ...queryHandlers, ...scheduling],
})
export class ArchiveModule {}
