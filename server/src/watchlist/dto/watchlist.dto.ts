import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsUUID } from 'class-validator';
import {
  LIMITS,
  type Auction,
  type Pagination,
  type WatchingResult,
  type WatchlistResult,
  type WatchResult,
} from '@mazad/contracts';
import { canonicalId } from '../../common/validation/ids';
import { Rules } from '../../common/validation/fields';
import { AuctionDto, PaginationDto } from '../../auctions';
import { PageQueryDto } from '../../common/validation/paging';

/** GET /api/users/me/watchlist: pages as GET /api/auctions does. */
export class WatchlistQueryDto extends PageQueryDto {}

/** "المزادات (ids)": the parameter as a member reads it, with its own name. */
const IDS = 'المزادات (ids)';

/**
 * GET /api/users/me/watching: `ids`, auction ids separated by commas (each UUID in its canonical
 * spelling, repeats dropped), at most a page's worth.
 */
export class WatchingQueryDto {
  @ApiProperty({ description: 'Auction ids separated by commas (at most 100)', example: 'a0ee…,b1ff…' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? [...new Set(value.split(',').map((id) => canonicalId(id.trim()) ?? id.trim()))].filter(Boolean)
      : value,
  )
  @Rules(
    ArrayNotEmpty({ message: `${IDS} مطلوبة` }),
    ArrayMaxSize(LIMITS.pageLimitMax, { message: `${IDS} يجب ألا تتجاوز ${LIMITS.pageLimitMax} معرّفاً` }),
    IsUUID('all', { each: true, message: `${IDS} يجب أن تكون معرّفات صالحة مفصولة بفواصل` }),
  )
  ids: string[];
}

export class WatchingResultDto implements WatchingResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [String], description: 'The asked ids the member watches, in the order asked' })
  auctionIds: string[];
}

export class WatchResultDto implements WatchResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم حفظ المزاد في قائمة المتابعة' }) message: string;
  @ApiProperty({ format: 'uuid' }) auctionId: string;
  @ApiProperty({ description: 'The state after the call' }) watched: boolean;
  @ApiProperty() watchCount: number;
}

export class WatchlistResultDto implements WatchlistResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [AuctionDto] }) auctions: Auction[];
  @ApiProperty({ type: PaginationDto }) pagination: Pagination;
  @ApiProperty({ format: 'date-time' }) serverTime: string;
}
