import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuctionsModule } from '../auctions/auctions.module';
import { AuctionEntity } from '../auctions/entities/auction.entity';
import { AuthModule } from '../auth/auth.module';
import { BidEntity } from '../bids/entities/bid.entity';
import { MessageEntity } from '../messages/entities/message.entity';
import { RatingEntity } from '../ratings/entities/rating.entity';
import { UserEntity } from '../users/entities/user.entity';
import { LoadTestFixturesService } from './load-test-fixtures.service';

/** Load-test fixtures (`npm run load:prepare` / `load:clean`, run by src/load-test-cli.ts; never part of the server). */
@Module({
  // Every table clean touches: the command's context loads no other feature that would register them.
  imports: [
    TypeOrmModule.forFeature([UserEntity, AuctionEntity, BidEntity, MessageEntity, RatingEntity]),
    AuthModule,
    AuctionsModule,
  ],
  providers: [LoadTestFixturesService],
  exports: [LoadTestFixturesService],
})
export class LoadTestModule {}
