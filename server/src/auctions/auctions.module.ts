import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BidEntity } from '../bids/entities/bid.entity';
import { AuctionViewsService } from './auction-views.service';
import { AuctionEntity } from './entities/auction.entity';

@Module({
  imports: [TypeOrmModule.forFeature([AuctionEntity, BidEntity])],
  controllers: [],
  providers: [AuctionViewsService],
  exports: [AuctionViewsService, TypeOrmModule],
})
export class AuctionsModule {}
