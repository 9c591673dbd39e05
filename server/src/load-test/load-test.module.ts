import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuctionsModule } from '../auctions/auctions.module';
import { AuthModule } from '../auth/auth.module';
import { UserEntity } from '../users/entities/user.entity';
import { LoadTestFixturesService } from './load-test-fixtures.service';

/** Load-test fixtures (`npm run load:prepare` / `load:clean`, run by src/load-test-cli.ts; never part of the server). */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), AuthModule, AuctionsModule],
  providers: [LoadTestFixturesService],
  exports: [LoadTestFixturesService],
})
export class LoadTestModule {}
