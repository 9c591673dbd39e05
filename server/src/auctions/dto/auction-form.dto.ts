import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  CATEGORY_VALUES,
  CreateAuctionRequest,
  DEFAULT_AUCTION_DURATIONS,
  FIELDS,
  LIMITS,
  normalizeCategory,
  UpdateAuctionRequest,
} from '@mazad/contracts';
import { AmountOf, TextOf, TrimmedText } from '../../common/validation/fields';

/** Known spellings become the canonical category (`ملابس` → `أزياء`); others stay as sent and fail IsIn. */
const CanonicalCategory = () =>
  Transform(({ value }) => (typeof value === 'string' ? (normalizeCategory(value) ?? value.trim()) : value));

const { auctionCategory, auctionDuration } = FIELDS;

// The fields' rules and Arabic messages are contracts' FIELDS (the web's forms check the same).
// Stacked class-validator constraints run bottom-up and the global pipe reports the first
// failure, so "required" sits closest to the property. `auctionDuration` is checked against the
// configured durations (AUCTION_DURATIONS) by the command handlers, before anything is stored.
export class AuctionFieldsDto implements CreateAuctionRequest {
  @TextOf(FIELDS.auctionTitle, { example: 'سيارة تويوتا كامري 2018', description: 'عنوان المزاد (one line)' })
  title: string;

  @TextOf(FIELDS.auctionDescription, { example: 'بحالة ممتازة، صيانة دورية في الوكالة' })
  description: string;

  @ApiProperty({ enum: CATEGORY_VALUES, description: '`ملابس` is accepted as `أزياء`', example: 'سيارات' })
  @IsIn(CATEGORY_VALUES as string[], { message: auctionCategory.messages.invalid })
  @IsNotEmpty({ message: auctionCategory.messages.required })
  @IsString({ message: auctionCategory.messages.required })
  @CanonicalCategory()
  category: string;

  @ApiProperty({
    example: '24h',
    description: `One of the configured durations (AUCTION_DURATIONS; default ${DEFAULT_AUCTION_DURATIONS.join(', ')})`,
  })
  @MaxLength(10, { message: auctionDuration.messages.invalid })
  @IsNotEmpty({ message: auctionDuration.messages.required })
  @IsString({ message: auctionDuration.messages.required })
  @TrimmedText()
  auctionDuration: string;

  @AmountOf(FIELDS.startingPrice, { example: 100.5, description: 'JOD, at most 3 decimals' })
  startingPrice: number;

  @AmountOf(FIELDS.buyNowPrice, {
    example: 250,
    description: 'JOD, at most 3 decimals, strictly above startingPrice; omit, "" or null for none',
    optional: true,
    above: 'startingPrice',
  })
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
