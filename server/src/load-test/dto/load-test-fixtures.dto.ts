import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import {
  FIELDS,
  type LoadTestCleanResult,
  type LoadTestFixtures,
  type LoadTestFixturesRequest,
} from '@mazad/contracts';
import { AmountOf } from '../../common/validation/fields';

/** Most members and auctions one request makes (each member is a row and a signed token). */
export const LOAD_TEST_MAX_MEMBERS = 5000;
export const LOAD_TEST_MAX_AUCTIONS = 100;

export class LoadTestFixturesDto implements LoadTestFixturesRequest {
  @ApiProperty({ minimum: 1, maximum: LOAD_TEST_MAX_MEMBERS, example: 200, description: 'Bidding members' })
  @IsInt({ message: 'عدد الأعضاء يجب أن يكون عدداً صحيحاً' })
  @Min(1, { message: 'عدد الأعضاء يجب أن يكون 1 على الأقل' })
  @Max(LOAD_TEST_MAX_MEMBERS, { message: `عدد الأعضاء يجب ألا يتجاوز ${LOAD_TEST_MAX_MEMBERS}` })
  members!: number;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: LOAD_TEST_MAX_AUCTIONS,
    default: 1,
    description: 'Auctions of the seller',
  })
  @IsOptional()
  @IsInt({ message: 'عدد المزادات يجب أن يكون عدداً صحيحاً' })
  @Min(1, { message: 'عدد المزادات يجب أن يكون 1 على الأقل' })
  @Max(LOAD_TEST_MAX_AUCTIONS, { message: `عدد المزادات يجب ألا يتجاوز ${LOAD_TEST_MAX_AUCTIONS}` })
  auctions?: number;

  @AmountOf(FIELDS.startingPrice, {
    example: 1,
    description: 'Starting price of every auction, JOD (default 1)',
    optional: true,
  })
  startingPrice?: number;

  @ApiPropertyOptional({ default: '24h', description: 'One of the configured auction durations (AUCTION_DURATIONS)' })
  @IsOptional()
  @IsString({ message: 'مدة المزاد غير صالحة' })
  duration?: string;
}

class LoadTestMemberDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'Bearer token signed by the server' }) token!: string;
}

export class LoadTestFixturesResultDto implements LoadTestFixtures {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ format: 'uuid', description: 'The first of auctionIds (the storm’s hot auction)' }) auctionId!: string;
  @ApiProperty({ type: [String] }) auctionIds!: string[];
  @ApiProperty() startingPrice!: number;
  @ApiProperty({ format: 'date-time' }) endTime!: string;
  @ApiProperty({ format: 'uuid' }) sellerId!: string;
  @ApiProperty({ type: [LoadTestMemberDto] }) members!: { id: string; token: string }[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

class LoadTestRemovedDto {
  @ApiProperty() members!: number;
  @ApiProperty() auctions!: number;
  @ApiProperty() bids!: number;
}

export class LoadTestCleanResultDto implements LoadTestCleanResult {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: LoadTestRemovedDto }) removed!: LoadTestRemovedDto;
}
