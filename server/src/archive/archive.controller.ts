import { ApiErrors } from '../common/errors/api-error.dto';
import { Controller, Get, Param, Patch, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { ArchivedAuctionsResult, ArchiveStatsResult, ConfirmArchivedDealResult } from '@mazad/contracts';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../auth';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { ConfirmArchivedDealCommand } from './commands/confirm-archived-deal/confirm-archived-deal.command';
import { ARCHIVE_PAGE_MAX, ArchivedAuctionsQueryDto, ArchivePageQueryDto } from './dto/archive-queries.dto';
import {
  ArchivedAuctionsResultDto,
  ArchiveStatsResultDto,
  ConfirmArchivedDealResultDto,
} from './dto/archive-responses.dto';
import { GetArchiveStatsQuery } from './queries/get-archive-stats/get-archive-stats.query';
import { GetArchivedAuctionsQuery } from './queries/get-archived-auctions/get-archived-auctions.query';

/**
 * A member's archive: finished auctions that left the live lists (docs/after-sale.md), with
 * their conversation and ratings. Every route is the member's own (or an admin session's).
 */
@ApiTags('archive')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@ApiErrors('UNAUTHORIZED', 'TOKEN_INVALID', 'ARCHIVE_FORBIDDEN: not the member (nor an admin session)')
@Controller('users')
export class ArchiveController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':id/archived-auctions')
  @ApiOperation({
    summary: "A member's archived auctions as seller",
    description: `Most recently archived first, each with final price, bids, views, the whole conversation and the ratings. Optional status=unsold|sold. Pages of at most ${ARCHIVE_PAGE_MAX}.`,
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'Member id' })
  @ApiOkResponse({ type: ArchivedAuctionsResultDto })
  @ApiErrors('INVALID_ID', 'VALIDATION_ERROR (status, page, limit)')
  async archived(
    @Param('id', ParseIdPipe) userId: string,
    @CurrentUser() viewer: AuthUser,
    @Query() query: ArchivedAuctionsQueryDto,
  ): Promise<ArchivedAuctionsResult> {
    const page = await this.queries.execute(
      new GetArchivedAuctionsQuery(
        viewer,
        userId,
        'seller',
        query.page ?? 1,
        query.limit ?? ARCHIVE_PAGE_MAX,
        query.status,
      ),
    );
    return { success: true, ...page };
  }

  @Get(':id/won-archived-auctions')
  @ApiOperation({
    summary: 'Archived auctions a member won',
    description: 'Most recently archived first, with the conversation and the ratings.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'Member id' })
  @ApiOkResponse({ type: ArchivedAuctionsResultDto })
  @ApiErrors('INVALID_ID', 'VALIDATION_ERROR (page, limit)')
  async wonArchived(
    @Param('id', ParseIdPipe) userId: string,
    @CurrentUser() viewer: AuthUser,
    @Query() query: ArchivePageQueryDto,
  ): Promise<ArchivedAuctionsResult> {
    const page = await this.queries.execute(
      new GetArchivedAuctionsQuery(viewer, userId, 'winner', query.page ?? 1, query.limit ?? ARCHIVE_PAGE_MAX),
    );
    return { success: true, ...page };
  }

  @Get(':userId/archive-stats')
  @ApiOperation({
    summary: "A member's archive counts",
    description: 'totalArchived, soldArchived, unsoldArchived (as seller) and wonArchived.',
  })
  @ApiParam({ name: 'userId', format: 'uuid', description: 'Member id' })
  @ApiOkResponse({ type: ArchiveStatsResultDto })
  @ApiErrors('INVALID_ID')
  async stats(
    @Param('userId', ParseIdPipe) userId: string,
    @CurrentUser() viewer: AuthUser,
  ): Promise<ArchiveStatsResult> {
    return { success: true, ...(await this.queries.execute(new GetArchiveStatsQuery(viewer, userId))) };
  }

  @Patch(':userId/confirm-archived-deal/:archivedId')
  @ApiOperation({
    summary: 'Confirm receipt of an archived won auction',
    description:
      'The winner only (userId must be the caller). Sets isDealConfirmed and dealConfirmedAt once; later calls change nothing (changed: false).',
  })
  @ApiParam({ name: 'userId', format: 'uuid', description: 'The caller (the winner)' })
  @ApiParam({ name: 'archivedId', format: 'uuid', description: 'The archived auction id (the auction id)' })
  @ApiOkResponse({ type: ConfirmArchivedDealResultDto })
  @ApiErrors('INVALID_ID', 'ARCHIVED_AUCTION_NOT_FOUND: not archived, not sold, or not won by the caller')
  async confirmDeal(
    @Param('userId', ParseIdPipe) userId: string,
    @Param('archivedId', ParseIdPipe) archivedId: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<ConfirmArchivedDealResult> {
    const result = await this.commands.execute(new ConfirmArchivedDealCommand(actor, userId, archivedId));
    return { success: true, message: 'تم تأكيد استلام الصفقة بنجاح', ...result };
  }
}
