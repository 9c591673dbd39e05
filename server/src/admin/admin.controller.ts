import { ApiErrors } from '../common/errors/api-error.dto';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type {
  AdminAuctionsResult,
  AdminStatsResult,
  AdminUsersResult,
  BidCorrectionResult,
  SuccessResult,
} from '@mazad/contracts';
import { type AuthUser, CurrentUser } from '../auth';
import { DeleteAuctionCommand, SuccessResultDto } from '../auctions';
import { BidCorrectionResultDto, CancelBidCommand } from '../bids';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { AdminOnly } from './admin-only.decorator';
import { DeleteUserCommand } from './commands/delete-user/delete-user.command';
import { SetUserPasswordCommand } from './commands/set-user-password/set-user-password.command';
import { ADMIN_PAGE_DEFAULT, AdminAuctionsQueryDto, AdminUsersQueryDto } from './dto/admin-queries.dto';
import { CancelBidDto } from './dto/cancel-bid.dto';
import { AdminAuctionsResultDto, AdminStatsResultDto, AdminUsersResultDto } from './dto/admin-responses.dto';
import { SetUserPasswordDto } from './dto/set-user-password.dto';
import { GetAdminStatsQuery } from './queries/get-admin-stats/get-admin-stats.query';
import { ListAdminAuctionsQuery } from './queries/list-admin-auctions/list-admin-auctions.query';
import { ListAdminUsersQuery } from './queries/list-admin-users/list-admin-users.query';

/**
 * The operator console's API. Every route needs an admin-login token (AdminGuard). Lists take
 * the console's parameters (q, page, limit, sort, order, filters) and answer the public
 * API's arrays with the total (R-API-CONTRACT).
 */
@ApiTags('admin')
@AdminOnly()
@Controller('admin')
export class AdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('stats')
  @ApiOperation({
    summary: 'Dashboard figures',
    description: 'Members, auctions, open, sold, bids and revenue (JOD) over the whole history; deleted ones excluded.',
  })
  @ApiOkResponse({ type: AdminStatsResultDto })
  async stats(): Promise<AdminStatsResult> {
    return { success: true, ...(await this.queries.execute(new GetAdminStatsQuery())) };
  }

  @Get('users')
  @ApiOperation({
    summary: 'Members',
    description:
      'q searches name, email and phone (digits match across spaces and signs). Sorted by `sort` (default createdAt) in `order` (default desc). Deleted members never appear.',
  })
  @ApiOkResponse({ type: AdminUsersResultDto })
  @ApiErrors('VALIDATION_ERROR naming the parameter', 'UNKNOWN_FIELD')
  async users(@Query() query: AdminUsersQueryDto): Promise<AdminUsersResult> {
    const page = query.page ?? 1;
    const limit = query.limit ?? ADMIN_PAGE_DEFAULT;
    const result = await this.queries.execute(
      new ListAdminUsersQuery({
        q: query.q,
        page,
        limit,
        sort: query.sort ?? 'createdAt',
        order: query.order ?? 'desc',
      }),
    );
    return { success: true, ...result, page, limit };
  }

  @Delete('users/:id')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Delete a member',
    description:
      'Anonymises the account (login and tokens stop working) and cancels its open auctions; bids, messages, ratings and sales stay for the other members (docs/adr/0006-admin-deletes.md). Repeating it changes nothing.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: SuccessResultDto })
  @ApiErrors('INVALID_ID', 'ADMIN_SELF_DELETE', 'USER_NOT_FOUND')
  async deleteUser(@Param('id', ParseIdPipe) id: string, @CurrentUser() actor: AuthUser): Promise<SuccessResult> {
    await this.commands.execute(new DeleteUserCommand(actor, id));
    return { success: true, message: 'تم حذف المستخدم بنجاح' };
  }

  @Put('users/:id/password')
  @ApiOperation({
    summary: "Set a member's password",
    description: 'At least 6 characters; the member is signed out everywhere.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: SuccessResultDto })
  @ApiErrors('VALIDATION_ERROR (newPassword)', 'UNKNOWN_FIELD', 'INVALID_ID', 'USER_NOT_FOUND')
  async setPassword(
    @Param('id', ParseIdPipe) id: string,
    @Body() body: SetUserPasswordDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<SuccessResult> {
    await this.commands.execute(new SetUserPasswordCommand(id, body.newPassword, actor.id));
    return { success: true, message: 'تم تغيير كلمة المرور بنجاح' };
  }

  @Get('auctions')
  @ApiOperation({
    summary: 'Auctions',
    description:
      'Every auction, deleted and archived ones included. q searches title and description; status filters; sorted by `sort` (default createdAt) in `order` (default desc). Each row carries the latest bids and bidCount.',
  })
  @ApiOkResponse({ type: AdminAuctionsResultDto })
  @ApiErrors('VALIDATION_ERROR naming the parameter', 'UNKNOWN_FIELD')
  async auctions(@Query() query: AdminAuctionsQueryDto): Promise<AdminAuctionsResult> {
    const page = query.page ?? 1;
    const limit = query.limit ?? ADMIN_PAGE_DEFAULT;
    const result = await this.queries.execute(
      new ListAdminAuctionsQuery({
        q: query.q,
        status: query.status,
        category: query.category,
        sellerId: query.sellerId,
        page,
        limit,
        sort: query.sort ?? 'createdAt',
        order: query.order ?? 'desc',
      }),
    );
    return { success: true, ...result, page, limit };
  }

  @Delete('auctions/:id')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Delete an auction',
    description:
      'Always allowed: kept as محذوف with its bids, winner and conversation, hidden from members (docs/adr/0004-auction-deletion.md).',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: SuccessResultDto })
  @ApiErrors('INVALID_ID', 'AUCTION_NOT_FOUND')
  async deleteAuction(@Param('id', ParseIdPipe) id: string, @CurrentUser() actor: AuthUser): Promise<SuccessResult> {
    await this.commands.execute(new DeleteAuctionCommand(actor, id));
    return { success: true, message: 'تم حذف المزاد بنجاح' };
  }

  @Post('bids/:id/cancel')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Cancel one bid (R-BID-OPERATOR-CANCEL)',
    description:
      'On an auction that still takes bids: the bid is cancelled (kept for the record; a cancelled automatic bid takes its maximum with it), the price becomes what the remaining bids and maximums make it, in the auction’s bid order. Recorded with the operator and the reason in the same transaction; the bidder gets a notice with the reason; watchers get `auction_updated`.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The bid' })
  @ApiOkResponse({ type: BidCorrectionResultDto })
  @ApiErrors(
    'VALIDATION_ERROR (reason)',
    'UNKNOWN_FIELD',
    'INVALID_ID',
    'BID_NOT_FOUND',
    'BID_ALREADY_CANCELLED',
    'AUCTION_NOT_FOUND',
    'AUCTION_NOT_OPEN',
    'AUCTION_ENDED',
    'AUCTION_BUSY (the auction kept moving; nothing was written, retry)',
  )
  cancelBid(
    @Param('id', ParseIdPipe) id: string,
    @Body() body: CancelBidDto,
    @CurrentUser() operator: AuthUser,
  ): Promise<BidCorrectionResult> {
    return this.commands.execute(new CancelBidCommand(id, operator, body.reason));
  }
}
