import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID } from 'class-validator';
import {
  AUCTION_SORTS,
  AUCTION_STATUS_FILTERS,
  AuctionStatus,
  type AuctionSort,
  type AuctionStatusFilter,
  CATEGORY_ALL,
  CATEGORY_VALUES,
  LIMITS,
  normalizeAuctionStatus,
  normalizeCategory,
  StatusFilterWord,
  TIME_FILTERS,
} from '@mazad/contracts';
import type { TimeFilter } from '@mazad/contracts';
import { PageQueryDto } from '../../common/validation/paging';
import { EmptyAsMissing, MaxChars, PriceParam, Rules, SearchText, TrimmedText } from '../../common/validation/fields';
import { CanonicalId } from '../../common/validation/ids';

/** English spellings seen from older clients, besides `active` (which contracts already accepts). */
const STATUS_ALIASES: Record<string, AuctionStatusFilter> = {
  pending: StatusFilterWord.Pending,
  sold: AuctionStatus.Sold,
  unsold: AuctionStatus.Unsold,
  ended: StatusFilterWord.Ended,
  cancelled: AuctionStatus.Cancelled,
};

/** Arabic status values, `active` and the aliases above become the stored value; others stay and fail IsIn. */
export const CanonicalStatus = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return undefined;
    return normalizeAuctionStatus(text) ?? STATUS_ALIASES[text.toLowerCase()] ?? text;
  });

/** `الكل` and "" mean every category; `ملابس` becomes `أزياء`. */
const CategoryFilter = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '' || text === CATEGORY_ALL) return undefined;
    return normalizeCategory(text) ?? text;
  });

/** GET /api/auctions */
export class ListAuctionsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: [CATEGORY_ALL, ...CATEGORY_VALUES], description: '"" or الكل for all' })
  @IsIn(CATEGORY_VALUES as string[], { message: 'فئة المزاد غير صالحة' })
  @IsOptional()
  @CategoryFilter()
  category?: string;

  @ApiPropertyOptional({
    maxLength: LIMITS.searchMax,
    description:
      'Searched in title and description; Arabic letter variants, diacritics and tatweel are ignored. "" is no search; a search of only tatweel or diacritics matches nothing',
  })
  @SearchText()
  search?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "Only this seller's auctions" })
  @CanonicalId()
  @IsUUID('all', { message: 'معرّف المستخدم غير صالح' })
  @IsOptional()
  @EmptyAsMissing()
  userId?: string;

  @ApiPropertyOptional({ enum: TIME_FILTERS, default: 'all', description: 'Open auctions ending within the window' })
  @IsIn(TIME_FILTERS as readonly string[] as string[], { message: 'فلتر الوقت غير صالح' })
  @IsOptional()
  @EmptyAsMissing()
  timeFilter?: TimeFilter;

  @ApiPropertyOptional({
    enum: AUCTION_STATUS_FILTERS.filter((s) => s !== AuctionStatus.Deleted),
    description: '`active` is accepted as نشط; منتهي selects sold and unsold auctions, قيد الانتظار none',
  })
  @IsIn(AUCTION_STATUS_FILTERS as string[], { message: 'حالة المزاد غير صالحة' })
  @IsOptional()
  @CanonicalStatus()
  status?: AuctionStatusFilter;

  @ApiPropertyOptional({
    enum: AUCTION_SORTS,
    description:
      '`ending` (default: open auctions, soonest end first, then closed ones still listed), `newest`, `price_asc`, `price_desc` (current price). A search without `sort` is ranked by relevance.',
  })
  @IsIn(AUCTION_SORTS, { message: `ترتيب النتائج (sort) يجب أن يكون أحد: ${AUCTION_SORTS.join('، ')}` })
  @IsOptional()
  @EmptyAsMissing()
  sort?: AuctionSort;

  @PriceParam('أقل سعر (minPrice)', 'Lowest current price in JOD, included')
  minPrice?: number;

  @PriceParam('أعلى سعر (maxPrice)', 'Highest current price in JOD, included; not below minPrice', {
    property: 'minPrice',
    message: 'أعلى سعر (maxPrice) يجب ألا يكون أقل من أقل سعر (minPrice)',
  })
  maxPrice?: number;
}

/** GET /api/auctions/search-hints */
export class SearchHintsQueryDto {
  @ApiProperty({ maxLength: LIMITS.searchMax, description: 'The search that found nothing' })
  @TrimmedText()
  @Rules(
    IsNotEmpty({ message: 'نص البحث (search) مطلوب' }),
    IsString({ message: 'نص البحث يجب أن يكون نصاً واحداً' }),
    MaxChars(LIMITS.searchMax, { message: `يجب أن يكون نص البحث أقل من ${LIMITS.searchMax} حرف` }),
  )
  search: string;

  @ApiPropertyOptional({ enum: [CATEGORY_ALL, ...CATEGORY_VALUES], description: 'The category it was searched in' })
  @IsIn(CATEGORY_VALUES as string[], { message: 'فئة المزاد غير صالحة' })
  @IsOptional()
  @CategoryFilter()
  category?: string;
}

/** GET /api/auctions/user/{id} */
export class UserAuctionsQueryDto {
  @ApiPropertyOptional({
    enum: AUCTION_STATUS_FILTERS.filter((s) => s !== AuctionStatus.Deleted),
    description:
      'Only auctions in this status; `active`, `sold`, `unsold` are accepted as their Arabic values; منتهي selects sold and unsold ones, قيد الانتظار none',
  })
  @IsIn(AUCTION_STATUS_FILTERS as string[], { message: 'حالة المزاد غير صالحة' })
  @IsOptional()
  @CanonicalStatus()
  status?: AuctionStatusFilter;
}
