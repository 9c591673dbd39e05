import { ApiProperty } from '@nestjs/swagger';
import type { RateSellerResult, Rating, RatingRole, RatingsResult, RatingStatsResult } from '@mazad/contracts';

export class RatingStatsResultDto implements RatingStatsResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 4.5, description: 'Average stars (1–5) rounded to one decimal, 0 without ratings' })
  averageRating: number;
  @ApiProperty({ example: 12, description: 'Number of ratings the average is based on' }) validRatings: number;
}

export class RatingFromDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'أحمد محمد' }) name: string;
  @ApiProperty({ type: String, nullable: true, description: "The rater's profile image URL" }) avatar: string | null;
}

export class RatingToDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
}

export class RatingAuctionDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
}

export class RatingDto implements Rating {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: RatingFromDto }) from: RatingFromDto;
  @ApiProperty({ type: RatingToDto, description: 'The rated member' }) to: RatingToDto;
  @ApiProperty({ minimum: 1, maximum: 5 }) stars: number;
  @ApiProperty({ type: String, nullable: true }) comment: string | null;
  @ApiProperty({ enum: ['seller', 'buyer'], description: 'The rated side' }) role: RatingRole;
  @ApiProperty({ type: RatingAuctionDto }) auction: RatingAuctionDto;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class RateSellerResultDto implements RateSellerResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم إرسال التقييم بنجاح' }) message: string;
  @ApiProperty({ type: RatingDto }) rating: Rating;
}

export class RatingsResultDto implements RatingsResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [RatingDto], description: 'Newest first' }) ratings: Rating[];
}
