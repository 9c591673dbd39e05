import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuctionsModule } from '../auctions/auctions.module';
import { AuctionEntity } from '../auctions/entities/auction.entity';
import { AuthModule } from '../auth/auth.module';
import { BidEntity } from '../bids/entities/bid.entity';
import { MessageEntity } from '../messages/entities/message.entity';
import { RatingEntity } from '../ratings/entities/rating.entity';
import { UserEntity } from '../users/entities/user.entity';
import { LoadTestController } from './load-test.controller';
import { LoadTestFixturesService } from './load-test-fixtures.service';

/** Load-test fixtures through the admin API (/api/admin/load-test/fixtures; `npm run load:prepare` / `load:clean`). */
@Module({
  // Every table clean touches.
  imports: [
    TypeOrmModule.forFeature([UserEntity, AuctionEntity, BidEntity, MessageEntity, RatingEntity]),
    AuthModule,
    AuctionsModule,
  ],
  controllers: [LoadTestController],
  providers: [LoadTestFixturesService],
})
export class LoadTestModule {}
