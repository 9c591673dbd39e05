import { Module } from '@nestjs/common';
import { AuctionsModule } from '../auctions/auctions.module';
import { RateLimitModule } from '../infrastructure/rate-limit/rate-limit.module';
import { BlocksController } from './blocks.controller';
import { MemberBlocksService } from './member-blocks.service';

/** Members blocking members (R-BLOCK); the chat asks it whether two members may write. */
@Module({
  imports: [AuctionsModule, RateLimitModule],
  controllers: [BlocksController],
  providers: [MemberBlocksService],
  exports: [MemberBlocksService],
})
export class BlocksModule {}
