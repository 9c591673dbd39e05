import { ApiProperty } from '@nestjs/swagger';
import { type Auction, type Pagination, type WatchlistResult, type WatchResult } from '@mazad/contracts';
import { AuctionDto, PaginationDto } from '../../auctions';
import { PageQueryDto } from '../../common/validation/paging';

/** GET /api/users/me/watchlist: pages as GET /api/auctions does. */
export class WatchlistQueryDto extends PageQueryDto {}

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
