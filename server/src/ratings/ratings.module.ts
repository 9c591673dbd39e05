import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/entities/user.entity';
import { GetRatingStatsHandler } from './queries/get-rating-stats/get-rating-stats.handler';
import { RatingsController } from './ratings.controller';

/** Seller ratings. For now only the summary; the ratings table and the rate call come later. */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  controllers: [RatingsController],
  providers: [GetRatingStatsHandler],
})
export class RatingsModule {}
