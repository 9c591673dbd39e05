import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { AuctionStatus } from '@mazad/contracts';
import { PageParam, PageSizeParam } from '../../common/validation/paging';

/** Most archived auctions one page carries (each comes with its whole conversation). */
export const ARCHIVE_PAGE_MAX = 100;

const ARCHIVE_STATUS_ALIASES: Record<string, AuctionStatus> = {
  sold: AuctionStatus.Sold,
  unsold: AuctionStatus.Unsold,
  [AuctionStatus.Sold]: AuctionStatus.Sold,
  [AuctionStatus.Unsold]: AuctionStatus.Unsold,
};

/** Page parameters of the archive lists. */
export class ArchivePageQueryDto {
  @PageParam()
  page?: number;

  @PageSizeParam({ default: ARCHIVE_PAGE_MAX, max: ARCHIVE_PAGE_MAX })
  limit?: number;
}

/** GET /api/users/{id}/archived-auctions */
export class ArchivedAuctionsQueryDto extends ArchivePageQueryDto {
  @ApiPropertyOptional({
    enum: ['unsold', 'sold', AuctionStatus.Unsold, AuctionStatus.Sold],
    description: 'Only unsold or only sold ones',
  })
  @IsIn([AuctionStatus.Sold, AuctionStatus.Unsold], { message: 'حالة المزاد المؤرشف يجب أن تكون sold أو unsold' })
  @IsOptional()
  @Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return undefined;
    return ARCHIVE_STATUS_ALIASES[text.toLowerCase()] ?? text;
  })
  status?: AuctionStatus;
}
