import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { RatingStatsResult } from '@mazad/contracts';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { ApiErrorDto } from '../users/dto/user-responses.dto';
import { RatingStatsResultDto } from './dto/rating-responses.dto';
import { GetRatingStatsQuery } from './queries/get-rating-stats/get-rating-stats.query';

/** Ratings of sellers (only the summary for now). Paths under /users/{id}/… owned by this module. */
@ApiTags('ratings')
@Controller('users')
export class RatingsController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/rating-stats')
  @ApiOperation({ summary: "A seller's rating summary", description: 'Average stars and number of ratings (zeros without ratings).' })
  @ApiParam({ name: 'id', format: 'uuid', description: 'Seller id' })
  @ApiOkResponse({ type: RatingStatsResultDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'INVALID_ID' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'USER_NOT_FOUND' })
  async ratingStats(@Param('id', ParseIdPipe) userId: string): Promise<RatingStatsResult> {
    const stats = await this.queries.execute(new GetRatingStatsQuery(userId));
    return { success: true, ...stats };
  }
}
