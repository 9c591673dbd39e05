import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BidEntity } from '../bids/entities/bid.entity';
import { AuctionImagesController } from './auction-images.controller';
import { AuctionImagesService } from './auction-images.service';
import { AuctionReadModel } from './auction-read-model';
import { AuctionsController } from './auctions.controller';
import { CreateAuctionHandler } from './commands/create-auction/create-auction.handler';
import { DeleteAuctionHandler } from './commands/delete-auction/delete-auction.handler';
import { EditAuctionHandler } from './commands/edit-auction/edit-auction.handler';
import { RecordAuctionViewHandler } from './commands/record-auction-view/record-auction-view.handler';
import { UploadAuctionImageHandler } from './commands/upload-auction-image/upload-auction-image.handler';
import { AuctionEntity } from './entities/auction.entity';
import { GetAuctionHandler } from './queries/get-auction/get-auction.handler';
import { GetSearchHintsHandler } from './queries/get-search-hints/get-search-hints.handler';
import { GetSiteStatsHandler } from './queries/get-site-stats/get-site-stats.handler';
import { GetUserAuctionsHandler } from './queries/get-user-auctions/get-user-auctions.handler';
import { GetUserBidAuctionsHandler } from './queries/get-user-bid-auctions/get-user-bid-auctions.handler';
import { GetWonAuctionsHandler } from './queries/get-won-auctions/get-won-auctions.handler';
import { ListAuctionsHandler } from './queries/list-auctions/list-auctions.handler';
import { SiteStatsController } from './site-stats.controller';
import { AuctionStore } from './store/auction-store';
import { AuctionViewCounter } from './views/auction-view-counter';
import { RateLimitModule } from '../infrastructure/rate-limit/rate-limit.module';

const commandHandlers = [
  CreateAuctionHandler,
  EditAuctionHandler,
  DeleteAuctionHandler,
  RecordAuctionViewHandler,
  UploadAuctionImageHandler,
];
const queryHandlers = [
  GetAuctionHandler,
  ListAuctionsHandler,
  GetUserAuctionsHandler,
  GetWonAuctionsHandler,
  GetUserBidAuctionsHandler,
  GetSiteStatsHandler,
  GetSearchHintsHandler,
];

@Module({
  imports: [TypeOrmModule.forFeature([AuctionEntity, BidEntity]), RateLimitModule],
  controllers: [AuctionsController, AuctionImagesController, SiteStatsController],
  providers: [
    AuctionStore,
    AuctionReadModel,
    AuctionImagesService,
    AuctionViewCounter,
    ...commandHandlers,
    ...queryHandlers,
  ],
  exports: [AuctionStore, AuctionReadModel, TypeOrmModule],
})
export class AuctionsModule {}
