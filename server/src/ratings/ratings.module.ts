import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RealtimeModule } from '../realtime/realtime.module';
import { UserEntity } from '../users/entities/user.entity';
import { RateSellerHandler } from './commands/rate-seller/rate-seller.handler';
import { RatingEntity } from './entities/rating.entity';
import { RatingBroadcastHandler } from './events/handlers/rating-broadcast.handler';
import { GetRatingStatsHandler } from './queries/get-rating-stats/get-rating-stats.handler';
import { GetRatingsHandler } from './queries/get-ratings/get-ratings.handler';
import { RatingsController } from './ratings.controller';

/** Seller ratings: the winner rates the seller once per sold auction; lists and summary. */
@Module({
  imports: [TypeOrmModule.forFeature([RatingEntity, UserEntity]), RealtimeModule],
  controllers: [RatingsController],
  providers: [RateSellerHandler, GetRatingsHandler, GetRatingStatsHandler, RatingBroadcastHandler],
  exports: [TypeOrmModule],
})
export class RatingsModule {}
