import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, Min } from 'class-validator';
import { LIMITS, RateSellerRequest } from '@mazad/contracts';
import { cleanText, MaxChars } from '../../common/validation/fields';
import { CanonicalId } from '../../common/validation/ids';

const STARS_MESSAGE = `عدد النجوم (stars) يجب أن يكون عدداً صحيحاً من ${LIMITS.starsMin} إلى ${LIMITS.starsMax}`;

/** Trimmed; "" (or only spaces) means no comment. NUL characters are dropped. */
const OptionalComment = () =>
  Transform(({ value }) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value !== 'string') return value;
    const text = cleanText(value);
    return text === '' ? undefined : text;
  });

export class RateSellerDto implements RateSellerRequest {
  @ApiProperty({ format: 'uuid', description: 'The sold auction the caller won' })
  @CanonicalId()
  @IsUUID('all', { message: 'معرّف المزاد (auctionId) غير صالح' })
  auctionId: string;

  @ApiPropertyOptional({
    enum: ['seller'],
    default: 'seller',
    description: 'The rated side; the winner rates the seller',
  })
  @IsIn(['seller'], { message: 'دور التقييم (role) يجب أن يكون seller' })
  @IsOptional()
  role?: 'seller';

  @ApiProperty({ minimum: LIMITS.starsMin, maximum: LIMITS.starsMax, example: 5, description: 'Whole stars' })
  @Max(LIMITS.starsMax, { message: STARS_MESSAGE })
  @Min(LIMITS.starsMin, { message: STARS_MESSAGE })
  @IsInt({ message: STARS_MESSAGE })
  stars: number;

  @ApiPropertyOptional({ maxLength: LIMITS.ratingCommentMax, example: 'بائع ممتاز وتعامل راقٍ' })
  @MaxChars(LIMITS.ratingCommentMax, { message: `التعليق (comment) يجب ألا يتجاوز ${LIMITS.ratingCommentMax} حرف` })
  @IsString({ message: 'التعليق (comment) يجب أن يكون نصاً' })
  @IsOptional()
  @OptionalComment()
  comment?: string;
}
