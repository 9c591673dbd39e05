import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { LIMITS } from '@mazad/contracts';
import { IntegerParam, Rules, SingleLineText } from '../../common/validation/fields';
import { OptionalLinkField } from './content-fields';

const ORDER_LIMIT = 1_000_000;

const OrderField = () =>
  Rules(
    ApiPropertyOptional({ description: 'Display order (ascending)', example: 0 }),
    IntegerParam(),
    IsOptional(),
    IsInt({ message: 'ترتيب الإعلان يجب أن يكون عدداً صحيحاً' }),
    Min(-ORDER_LIMIT, { message: 'ترتيب الإعلان خارج النطاق المسموح' }),
    Max(ORDER_LIMIT, { message: 'ترتيب الإعلان خارج النطاق المسموح' }),
  );

const ActiveField = (description: string) =>
  Rules(
    ApiPropertyOptional({ description }),
    IsOptional(),
    IsBoolean({ message: 'حالة ظهور الإعلان يجب أن تكون true أو false' }),
  );

/** POST /api/banners */
export class CreateBannerDto {
  @SingleLineText({
    label: 'نص الإعلان',
    required: 'نص الإعلان مطلوب',
    example: 'مزادات جديدة كل يوم في الأردن',
    max: LIMITS.bannerTextMax,
  })
  text: string;

  @OptionalLinkField({ label: 'رابط الإعلان', example: '/announcement-details', max: LIMITS.bannerLinkMax })
  link?: string;

  @ActiveField('Shown on the home page (default true)')
  isActive?: boolean;

  @OrderField()
  order?: number;
}

/**
 * PUT /api/banners/{id}: an edit `{ text, link? }` replaces the text and the link (no link
 * removes it), a toggle `{ isActive }` or `{ order }` changes only that.
 */
export class UpdateBannerDto {
  @SingleLineText({
    label: 'نص الإعلان',
    required: 'نص الإعلان مطلوب',
    example: 'مزادات جديدة كل يوم في الأردن',
    max: LIMITS.bannerTextMax,
    optional: true,
  })
  text?: string;

  @OptionalLinkField({ label: 'رابط الإعلان', example: '/announcement-details', max: LIMITS.bannerLinkMax })
  link?: string;

  @ActiveField('Show or hide the banner')
  isActive?: boolean;

  @OrderField()
  order?: number;
}
