import { Controller, Delete, Get, Param, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { LIMITS, type WatchingResult, type WatchlistResult, type WatchResult } from '@mazad/contracts';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../auth';
import { ApiErrors } from '../common/errors/api-error.dto';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { RateLimit } from '../infrastructure/rate-limit/rate-limit.guard';
import { SetWatchCommand } from './commands/set-watch/set-watch.command';
import {
  WatchingQueryDto,
  WatchingResultDto,
  WatchlistQueryDto,
  WatchlistResultDto,
  WatchResultDto,
} from './dto/watchlist.dto';
import { GetWatchingQuery } from './queries/get-watching/get-watching.query';
import { GetWatchlistQuery } from './queries/get-watchlist/get-watchlist.query';

const WATCH_ERRORS = [
  'UNAUTHORIZED',
  'TOKEN_INVALID',
  'INVALID_ID',
  'AUCTION_NOT_FOUND (missing, or removed by an operator)',
  'WATCH_RATE_LIMITED (60 saves and unsaves a minute)',
] as const;

/** The watchlist (docs/auctions.md, "Watchlist"): saving an auction, and the member's list. */
@ApiTags('watchlist')
@ApiBearerAuth()
@Controller()
export class WatchlistController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Put('auctions/:id/watch')
  @RateLimit({ policy: 'watches-member', by: 'member' })
  @UseGuards(JwtAuthGuard)
  @ApiOperation({
    summary: 'Save an auction to the watchlist',
    description:
      "Idempotent: saving again answers the same. Bidding and buying now also watch the auction. The auction room gets watch_count and the member's devices watchlist_changed when something changed.",
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: WatchResultDto })
  @ApiErrors(...WATCH_ERRORS)
  watch(@Param('id', ParseIdPipe) id: string, @CurrentUser() member: AuthUser): Promise<WatchResult> {
    return this.commands.execute(new SetWatchCommand(member.id, id, true));
  }

  @Delete('auctions/:id/watch')
  @RateLimit({ policy: 'watches-member', by: 'member' })
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'Remove an auction from the watchlist', description: 'Idempotent, as saving is.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: WatchResultDto })
  @ApiErrors(...WATCH_ERRORS)
  unwatch(@Param('id', ParseIdPipe) id: string, @CurrentUser() member: AuthUser): Promise<WatchResult> {
    return this.commands.execute(new SetWatchCommand(member.id, id, false));
  }

  @Get('users/me/watchlist')
  @UseGuards(JwtAuthGuard)
  @ApiOperation({
    summary: "The member's watchlist",
    description:
      'Most recently watched first, paged as GET /api/auctions (limit defaults to 20, capped at 100); auctions removed by an operator or archived are left out. Each auction carries watchedByMe: true.',
  })
  @ApiOkResponse({ type: WatchlistResultDto })
  @ApiErrors('UNAUTHORIZED', 'TOKEN_INVALID', 'VALIDATION_ERROR naming the parameter', 'UNKNOWN_FIELD')
  list(@CurrentUser() member: AuthUser, @Query() query: WatchlistQueryDto): Promise<WatchlistResult> {
    const limit = Math.min(query.limit ?? LIMITS.pageLimitDefault, LIMITS.pageLimitMax);
    return this.queries.execute(new GetWatchlistQuery(member.id, query.page ?? 1, limit));
  }

  @Get('users/me/watching')
  @UseGuards(JwtAuthGuard)
  @ApiOperation({
    summary: 'Which of these auctions the member watches',
    description:
      'For the watch toggles of a list page (lists are shared by every viewer and carry no watchedByMe): the asked ids (comma-separated, at most 100) the member watches, in the order asked.',
  })
  @ApiOkResponse({ type: WatchingResultDto })
  @ApiErrors('UNAUTHORIZED', 'TOKEN_INVALID', 'VALIDATION_ERROR naming the parameter', 'UNKNOWN_FIELD')
  watching(@CurrentUser() member: AuthUser, @Query() query: WatchingQueryDto): Promise<WatchingResult> {
    return this.queries.execute(new GetWatchingQuery(member.id, query.ids));
  }
}
