import { ApiErrors } from '../common/errors/api-error.dto';
import { Body, Controller, Get, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { RateSellerResult, RatingsResult, RatingStatsResult } from '@mazad/contracts';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../auth';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { RateSellerCommand } from './commands/rate-seller/rate-seller.command';
import { RateSellerDto } from './dto/rate-seller.dto';
import { RateSellerResultDto, RatingsResultDto, RatingStatsResultDto } from './dto/rating-responses.dto';
import { GetRatingStatsQuery } from './queries/get-rating-stats/get-rating-stats.query';
import { GetRatingsQuery } from './queries/get-ratings/get-ratings.query';

/** Ratings of sellers by the winners of their sold auctions. Paths under /users/{id}/… owned by this module. */
@ApiTags('ratings')
@Controller('users')
export class RatingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post(':sellerId/rate')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Rate the seller of an auction you won',
    description:
      "The winner of a sold auction, once per auction: 1–5 whole stars, optional comment (trimmed, ≤ 1000). Sets the auction's isRatedBySeller. A second try is 409 ALREADY_RATED.",
  })
  @ApiParam({ name: 'sellerId', format: 'uuid', description: "The auction's seller" })
  @ApiCreatedResponse({ type: RateSellerResultDto })
  @ApiErrors(
    'VALIDATION_ERROR naming the field (stars, comment, role, auctionId)',
    'AUCTION_NOT_SOLD',
    'RATING_SELLER_MISMATCH',
    'INVALID_ID',
    'UNKNOWN_FIELD',
    'UNAUTHORIZED',
    'TOKEN_INVALID',
    'RATING_FORBIDDEN (not the winner)',
    'AUCTION_NOT_FOUND',
    'ALREADY_RATED',
  )
  async rate(
    @Param('sellerId', ParseIdPipe) sellerId: string,
    @CurrentUser() rater: AuthUser,
    @Body() body: RateSellerDto,
  ): Promise<RateSellerResult> {
    const rating = await this.commands.execute(
      new RateSellerCommand(rater, sellerId, body.auctionId, body.stars, body.comment ?? null),
    );
    return { success: true, message: 'تم إرسال التقييم بنجاح', rating };
  }

  @Get(':id/ratings')
  @ApiOperation({
    summary: 'Ratings a member received',
    description: 'Newest first: rater (name, avatar), stars, comment, role, auction title, date.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: RatingsResultDto })
  @ApiErrors('INVALID_ID', 'USER_NOT_FOUND')
  async ratings(@Param('id', ParseIdPipe) userId: string): Promise<RatingsResult> {
    return { success: true, ratings: await this.queries.execute(new GetRatingsQuery(userId)) };
  }

  @Get(':id/rating-stats')
  @ApiOperation({
    summary: "A seller's rating summary",
    description: 'Average stars (one decimal) and number of ratings; zeros without ratings.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'Seller id' })
  @ApiOkResponse({ type: RatingStatsResultDto })
  @ApiErrors('INVALID_ID', 'USER_NOT_FOUND')
  async ratingStats(@Param('id', ParseIdPipe) userId: string): Promise<RatingStatsResult> {
    const stats = await this.queries.execute(new GetRatingStatsQuery(userId));
    return { success: true, ...stats };
  }
}
