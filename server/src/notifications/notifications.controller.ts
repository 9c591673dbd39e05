import { Controller, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { LIMITS, type NotificationsReadResult, type NotificationsResult } from '@mazad/contracts';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../auth';
import { ApiErrors } from '../common/errors/api-error.dto';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { RateLimit } from '../infrastructure/rate-limit/rate-limit.guard';
import { MarkReadCommand } from './commands/mark-read/mark-read.command';
import { NotificationsQueryDto, NotificationsReadResultDto, NotificationsResultDto } from './dto/notifications.dto';
import { GetNotificationsQuery } from './queries/get-notifications/get-notifications.query';

const SIGNED_IN = ['UNAUTHORIZED', 'TOKEN_INVALID', 'NOTIFICATIONS_RATE_LIMITED (120 calls a minute)'] as const;

/** The bell (docs/notifications.md): a member's own notices, and marking them read. */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('notifications')
@RateLimit({ policy: 'notifications-member', by: 'member' })
@UseGuards(JwtAuthGuard)
export class NotificationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({
    summary: "The member's notices",
    description: 'Newest first, paged (limit defaults to 20, capped at 100), with the unread count over all pages.',
  })
  @ApiOkResponse({ type: NotificationsResultDto })
  @ApiErrors(...SIGNED_IN, 'VALIDATION_ERROR naming the parameter', 'UNKNOWN_FIELD')
  list(@CurrentUser() member: AuthUser, @Query() query: NotificationsQueryDto): Promise<NotificationsResult> {
    const limit = Math.min(query.limit ?? LIMITS.pageLimitDefault, LIMITS.pageLimitMax);
    return this.queries.execute(new GetNotificationsQuery(member.id, query.page ?? 1, limit));
  }

  @Patch(':id/read')
  @ApiOperation({
    summary: 'Mark one notice read',
    description: "Idempotent. Another member's notice answers NOTIFICATION_NOT_FOUND, as a missing one does.",
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: NotificationsReadResultDto })
  @ApiErrors(...SIGNED_IN, 'INVALID_ID', 'NOTIFICATION_NOT_FOUND (missing, or not yours)')
  read(@Param('id', ParseIdPipe) id: string, @CurrentUser() member: AuthUser): Promise<NotificationsReadResult> {
    return this.commands.execute(new MarkReadCommand(member.id, id));
  }

  @Post('read-all')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mark every notice read',
    description: "Idempotent. The member's devices get the new count.",
  })
  @ApiOkResponse({ type: NotificationsReadResultDto })
  @ApiErrors(...SIGNED_IN)
  readAll(@CurrentUser() member: AuthUser): Promise<NotificationsReadResult> {
    return this.commands.execute(new MarkReadCommand(member.id, null));
  }
}
