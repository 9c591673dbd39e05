import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { ChatMessage, DailyStatsResult } from '@mazad/contracts';
import { ApiErrors } from '../common/errors/api-error.dto';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { AdminOnly } from './admin-only.decorator';
import {
  AuctionConversationResultDto,
  DAILY_STATS_DEFAULT_DAYS,
  DailyStatsQueryDto,
  DailyStatsResultDto,
} from './dto/daily-stats.dto';
import { GetAuctionConversationQuery } from './queries/get-auction-conversation/get-auction-conversation.query';
import { GetDailyStatsQuery } from './queries/get-daily-stats/get-daily-stats.query';

/** Read-only views for the console: the dashboard's time series and the moderation view of a chat. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin')
export class AdminInsightsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('stats/daily')
  @ApiOperation({
    summary: 'Dashboard time series',
    description:
      'One row per Asia/Amman day for the last `days` days (default 30, today included), oldest first, zeros on quiet days: new auctions, bids, sales and revenue (JOD).',
  })
  @ApiOkResponse({ type: DailyStatsResultDto })
  @ApiErrors('VALIDATION_ERROR (days)', 'UNKNOWN_FIELD')
  async daily(@Query() query: DailyStatsQueryDto): Promise<DailyStatsResult> {
    return {
      success: true,
      days: await this.queries.execute(new GetDailyStatsQuery(query.days ?? DAILY_STATS_DEFAULT_DAYS)),
    };
  }

  @Get('auctions/:id/messages')
  @ApiOperation({
    summary: 'The chat of an auction (moderation)',
    description: 'Every message, oldest first; marks nothing read.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: AuctionConversationResultDto })
  @ApiErrors('INVALID_ID', 'AUCTION_NOT_FOUND')
  async conversation(@Param('id', ParseIdPipe) id: string): Promise<{ success: true; messages: ChatMessage[] }> {
    return { success: true, messages: await this.queries.execute(new GetAuctionConversationQuery(id)) };
  }
}
