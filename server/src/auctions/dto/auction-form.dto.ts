import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  CATEGORY_VALUES,
  CreateAuctionRequest,
  DEFAULT_AUCTION_DURATIONS,
  LIMITS,
  normalizeCategory,
  UpdateAuctionRequest,
} from '@mazad/contracts';
import {
  AboveAmountOf,
  JodAmount,
  MaxChars,
  SingleLineText,
  TrimmedText,
  WholeFils,
} from '../../common/validation/fields';

/** Highest accepted price (LIMITS.maxPriceJod, the same cap as bids): far below 2^53 fils. */
export const MAX_PRICE_JOD = LIMITS.maxPriceJod;

/** Known spellings become the canonical category (`ملابس` → `أزياء`); others stay as sent and fail IsIn. */
const CanonicalCategory = () =>
  Transform(({ value }) => (typeof value === 'string' ? (normalizeCategory(value) ?? value.trim()) : value));

// class-validator runs a property's constraints bottom-up and the global pipe reports the first
// failure, so "required" sits closest to the property. Messages are Arabic and name the field.
// `auctionDuration` is checked against the configured durations (AUCTION_DURATIONS) by the
// command handlers, before anything is stored.
export class AuctionFieldsDto implements CreateAuctionRequest {
  @SingleLineText({
    label: 'عنوان المزاد',
    required: 'عنوان المزاد مطلوب',
    example: 'سيارة تويوتا كامري 2018',
    max: LIMITS.titleMax,
    tooLong: `يجب أن يكون العنوان أقل من ${LIMITS.titleMax} حرف`,
  })
  title: string;

  @ApiProperty({ example: 'بحالة ممتازة، صيانة دورية في الوكالة', maxLength: LIMITS.descriptionMax })
  @MaxChars(LIMITS.descriptionMax, { message: `يجب أن يكون الوصف أقل من ${LIMITS.descriptionMax} حرف` })
  @IsNotEmpty({ message: 'وصف المزاد مطلوب' })
  @IsString({ message: 'وصف المزاد مطلوب' })
  @TrimmedText()
  description: string;

  @ApiProperty({ enum: CATEGORY_VALUES, description: '`ملابس` is accepted as `أزياء`', example: 'سيارات' })
  @IsIn(CATEGORY_VALUES as string[], { message: 'فئة المزاد غير صالحة' })
  @IsNotEmpty({ message: 'فئة المزاد مطلوبة' })
  @IsString({ message: 'فئة المزاد مطلوبة' })
  @CanonicalCategory()
  category: string;

  @ApiProperty({
    example: '24h',
    description: `One of the configured durations (AUCTION_DURATIONS; default ${DEFAULT_AUCTION_DURATIONS.join(', ')})`,
  })
  @MaxLength(10, { message: 'مدة المزاد غير صالحة' })
  @IsNotEmpty({ message: 'مدة المزاد مطلوبة' })
  @IsString({ message: 'مدة المزاد مطلوبة' })
  @TrimmedText()
  auctionDuration: string;

  @ApiProperty({ example: 100.5, minimum: LIMITS.minPriceJod, description: 'JOD, at most 3 decimals' })
  @Max(MAX_PRICE_JOD, { message: 'السعر الابتدائي كبير جداً' })
  @Min(LIMITS.minPriceJod, { message: 'يجب أن يكون السعر دينار واحد على الأقل' })
  @WholeFils({ message: 'يجب ألا يتجاوز السعر الابتدائي 3 منازل عشرية' })
  @IsNumber({}, { message: 'السعر الابتدائي يجب أن يكون رقماً' })
  @IsNotEmpty({ message: 'السعر الابتدائي مطلوب' })
  @JodAmount()
  startingPrice: number;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    example: 250,
    description: 'JOD, at most 3 decimals, strictly above startingPrice; omit, "" or null for none',
  })
  @AboveAmountOf('startingPrice', { message: 'يجب أن يكون سعر الشراء الفوري أعلى من السعر الابتدائي' })
  @Max(MAX_PRICE_JOD, { message: 'سعر الشراء الفوري كبير جداً' })
  @Min(LIMITS.minPriceJod, { message: 'يجب أن يكون سعر الشراء الفوري دينار واحد على الأقل' })
  @WholeFils({ message: 'يجب ألا يتجاوز سعر الشراء الفوري 3 منازل عشرية' })
  @IsNumber({}, { message: 'سعر الشراء الفوري يجب أن يكون رقماً' })
  @IsOptional()
  @JodAmount()
  buyNowPrice?: number;
}

/** Text fields of the multipart POST /api/auctions (the files come in `images`). */
export class CreateAuctionDto extends AuctionFieldsDto {}

/** OpenAPI description of the whole multipart form (fields plus files). */
export class CreateAuctionFormDto extends AuctionFieldsDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'string', format: 'binary' },
    minItems: 1,
    maxItems: LIMITS.maxImagesPerAuction,
    description: 'Images (repeated field `images`): 1–3 files, each at most 5 MB, checked by content',
  })
  images: unknown[];
}

/** JSON body of PUT /api/auctions/{id}. */
export class UpdateAuctionDto extends AuctionFieldsDto implements UpdateAuctionRequest {
  @ApiPropertyOptional({
    type: [String],
    maxItems: LIMITS.maxImagesPerAuction,
    example: ['/uploads/4f1c0d9e8b7a6f5e4d3c2b1a09f8e7d6.webp'],
    description:
      'Image URLs: current ones of this auction and/or new ones from POST /api/upload/images (1–3). Omitted or empty keeps the current images.',
  })
  @IsString({ each: true, message: 'روابط الصور غير صالحة' })
  @IsArray({ message: 'الصور يجب أن تكون قائمة روابط' })
  @IsOptional()
  images?: string[];
}
