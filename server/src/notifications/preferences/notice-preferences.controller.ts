import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { NotificationPreferences, NotificationPreferencesResult } from '@mazad/contracts';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../../auth';
import { ApiErrors } from '../../common/errors/api-error.dto';
import { RateLimit } from '../../infrastructure/rate-limit/rate-limit.guard';
import { NotificationPreferencesDto, NotificationPreferencesResultDto } from './notice-preferences.dto';
import { NoticePreferencesStore } from './notice-preferences.store';

const SIGNED_IN = ['UNAUTHORIZED', 'TOKEN_INVALID', 'NOTIFICATIONS_RATE_LIMITED (120 calls a minute)'] as const;

/** Which notices reach the member outside the app, and when "ending soon" comes (R-NOTICE-PREFERENCES). */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('users/me/notification-preferences')
@RateLimit({ policy: 'notifications-member', by: 'member' })
@UseGuards(JwtAuthGuard)
export class NoticePreferencesController {
  constructor(private readonly preferences: NoticePreferencesStore) {}

  @Get()
  @ApiOperation({ summary: "The member's notice preferences", description: 'Defaults filled in.' })
  @ApiOkResponse({ type: NotificationPreferencesResultDto })
  @ApiErrors(...SIGNED_IN)
  async get(@CurrentUser() member: AuthUser): Promise<NotificationPreferencesResult> {
    return this.answer(member.id, await this.preferences.of(member.id));
  }

  @Put()
  @ApiOperation({
    summary: 'Replace the notice preferences',
    description: 'The whole matrix (every kind × email, telegram, push) and the ending-soon lead time.',
  })
  @ApiOkResponse({ type: NotificationPreferencesResultDto })
  @ApiErrors(...SIGNED_IN, 'VALIDATION_ERROR naming the field', 'UNKNOWN_FIELD')
  async put(
    @CurrentUser() member: AuthUser,
    @Body() body: NotificationPreferencesDto,
  ): Promise<NotificationPreferencesResult> {
    return this.answer(member.id, await this.preferences.save(member.id, body));
  }

  private async answer(userId: string, preferences: NotificationPreferences): Promise<NotificationPreferencesResult> {
    return { success: true, preferences, telegramLinked: await this.preferences.telegramLinked(userId) };
  }
}
