import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { AuctionStatus } from '@mazad/contracts';
import { IntegerParam } from '../../auctions/dto/form-fields';

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
  @ApiPropertyOptional({ type: Number, minimum: 1, default: 1 })
  @Min(1, { message: 'رقم الصفحة يجب أن يكون 1 على الأقل' })
  @IsInt({ message: 'رقم الصفحة يجب أن يكون عدداً صحيحاً' })
  @IsOptional()
  @IntegerParam()
  page?: number;

  @ApiPropertyOptional({ type: Number, minimum: 1, maximum: ARCHIVE_PAGE_MAX, default: ARCHIVE_PAGE_MAX })
  @Max(ARCHIVE_PAGE_MAX, { message: `عدد العناصر في الصفحة يجب ألا يتجاوز ${ARCHIVE_PAGE_MAX}` })
  @Min(1, { message: 'عدد العناصر في الصفحة يجب أن يكون 1 على الأقل' })
  @IsInt({ message: 'عدد العناصر في الصفحة يجب أن يكون عدداً صحيحاً' })
  @IsOptional()
  @IntegerParam()
  limit?: number;
}

/** GET /api/users/{id}/archived-auctions */
export class ArchivedAuctionsQueryDto extends ArchivePageQueryDto {
  @ApiPropertyOptional({ enum: ['unsold', 'sold', AuctionStatus.Unsold, AuctionStatus.Sold], description: 'Only unsold or only sold ones' })
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
