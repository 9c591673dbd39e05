import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { AUCTION_STATUS_FILTERS, CATEGORY_ALL, CATEGORY_VALUES, LIMITS, normalizeCategory } from '@mazad/contracts';
import type { AuctionStatusFilter } from '@mazad/contracts';
import { CanonicalStatus } from '../../auctions';
import { PageParam, PageSizeParam } from '../../common/validation/paging';
import { EmptyAsMissing, SearchText } from '../../common/validation/fields';
import { CanonicalId } from '../../common/validation/ids';

export const ADMIN_PAGE_DEFAULT = 25;
export const ADMIN_PAGE_MAX = 200;

/** Columns the admin user list sorts on (the console's `sort` values), mapped to SQL. */
export const ADMIN_USER_SORTS = {
  _id: 'u.id',
  id: 'u.id',
  name: 'u.name',
  email: 'u.email',
  phone: 'u.phone',
  location: 'u.location',
  createdAt: 'u.created_at',
  isVerified: 'u.is_verified',
  isAdmin: 'u.is_admin',
  registrationSource: 'u.registration_source',
  totalAuctions: 'total_auctions',
  totalBids: 'total_bids',
} as const;

/** Columns the admin auction list sorts on, mapped to SQL. */
export const ADMIN_AUCTION_SORTS = {
  _id: 'a.id',
  id: 'a.id',
  title: 'a.title',
  category: 'a.category',
  'seller.name': 's.name',
  currentPrice: 'a.current_price_fils',
  bidCount: 'a.bid_count',
  status: 'a.status',
  endTime: 'a.end_time',
  createdAt: 'a.created_at',
} as const;

export type SortOrder = 'asc' | 'desc';

/** Paging, sorting and search shared by the admin lists (the react-admin data provider's parameters). */
class AdminListQueryDto {
  @ApiPropertyOptional({
    maxLength: LIMITS.searchMax,
    description: 'Search text (auctions: normalised as GET /api/auctions; only tatweel or diacritics match nothing)',
  })
  @SearchText()
  q?: string;

  @PageParam()
  page?: number;

  @PageSizeParam({ default: ADMIN_PAGE_DEFAULT, max: ADMIN_PAGE_MAX })
  limit?: number;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsIn(['asc', 'desc'], { message: 'اتجاه الترتيب يجب أن يكون asc أو desc' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value))
  order?: SortOrder;
}

/** GET /api/admin/users */
export class AdminUsersQueryDto extends AdminListQueryDto {
  @ApiPropertyOptional({ enum: Object.keys(ADMIN_USER_SORTS), default: 'createdAt' })
  @IsIn(Object.keys(ADMIN_USER_SORTS), { message: 'حقل الترتيب غير مدعوم' })
  @IsOptional()
  @EmptyAsMissing()
  sort?: keyof typeof ADMIN_USER_SORTS;
}

/** GET /api/admin/auctions */
export class AdminAuctionsQueryDto extends AdminListQueryDto {
  @ApiPropertyOptional({ enum: Object.keys(ADMIN_AUCTION_SORTS), default: 'createdAt' })
  @IsIn(Object.keys(ADMIN_AUCTION_SORTS), { message: 'حقل الترتيب غير مدعوم' })
  @IsOptional()
  @EmptyAsMissing()
  sort?: keyof typeof ADMIN_AUCTION_SORTS;

  @ApiPropertyOptional({
    enum: AUCTION_STATUS_FILTERS,
    description:
      'Any status, deleted (محذوف) included; `active` is accepted as نشط; منتهي selects sold and unsold auctions, قيد الانتظار none',
  })
  @IsIn(AUCTION_STATUS_FILTERS as string[], { message: 'حالة المزاد غير صالحة' })
  @IsOptional()
  @CanonicalStatus()
  status?: AuctionStatusFilter;

  @ApiPropertyOptional({
    enum: [CATEGORY_ALL, ...CATEGORY_VALUES],
    description: '"" or الكل for all; ملابس is accepted as أزياء',
  })
  @IsIn(CATEGORY_VALUES as string[], { message: 'فئة المزاد غير صالحة' })
  @IsOptional()
  @Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return text === '' || text === CATEGORY_ALL ? undefined : (normalizeCategory(text) ?? text);
  })
  category?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "Only this seller's auctions" })
  @CanonicalId()
  @IsUUID('all', { message: 'معرّف البائع غير صالح' })
  @IsOptional()
  @EmptyAsMissing()
  sellerId?: string;
}
