import { ApiProperty } from '@nestjs/swagger';
import type { RatingStatsResult } from '@mazad/contracts';

export class RatingStatsResultDto implements RatingStatsResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 4.5, description: 'Average stars (1–5), 0 without ratings' }) averageRating: number;
  @ApiProperty({ example: 12, description: 'Number of ratings the average is based on' }) validRatings: number;
}
