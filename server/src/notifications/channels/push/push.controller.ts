import { Body, Controller, Delete, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ERRORS, type PushSubscriptionResult, type VapidPublicKeyResult } from '@mazad/contracts';
import { type AuthUser, CurrentUser, JwtAuthGuard } from '../../../auth';
import { AppException } from '../../../common/errors/app.exception';
import { ApiErrors } from '../../../common/errors/api-error.dto';
import { AppConfig } from '../../../config/app-config';
import { RateLimit } from '../../../infrastructure/rate-limit/rate-limit.guard';
import { PushSubscriptions, PUSH_SUBSCRIPTIONS_PER_MEMBER } from '../../../infrastructure/push/push-subscriptions';
import {
  PushSubscriptionDto,
  PushSubscriptionResultDto,
  PushUnsubscribeDto,
  VapidPublicKeyResultDto,
} from './push.dto';

const SIGNED_IN = ['UNAUTHORIZED', 'TOKEN_INVALID', 'NOTIFICATIONS_RATE_LIMITED (120 calls a minute)'] as const;

/** Web Push on the member's devices (docs/notifications.md, "Web Push"; R-PUSH-DEVICES). */
@ApiTags('push')
@Controller('push')
export class PushController {
  constructor(
    private readonly config: AppConfig,
    private readonly subscriptions: PushSubscriptions,
  ) {}

  @Get('vapid-public-key')
  @ApiOperation({
    summary: "The server's VAPID public key",
    description: 'Public: the browser subscribes with it. PUSH_OFF when the server has no VAPID keys.',
  })
  @ApiOkResponse({ type: VapidPublicKeyResultDto })
  @ApiErrors('PUSH_OFF')
  vapidPublicKey(): VapidPublicKeyResult {
    const vapid = this.config.vapid;
    if (!vapid) throw new AppException('PUSH_OFF');
    return { publicKey: vapid.publicKey };
  }

  @Post('subscriptions')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @RateLimit({ policy: 'notifications-member', by: 'member' })
  @ApiOperation({
    summary: 'Turn push on for this device',
    description:
      `The browser's PushSubscription (toJSON), its endpoint on a browser's push service. Idempotent per endpoint; ` +
      `at most ${PUSH_SUBSCRIPTIONS_PER_MEMBER} devices a member; another member's endpoint moves only with its keys.`,
  })
  @ApiOkResponse({ type: PushSubscriptionResultDto })
  @ApiErrors(
    ...SIGNED_IN,
    'VALIDATION_ERROR',
    'UNKNOWN_FIELD',
    'PUSH_OFF',
    'PUSH_ENDPOINT_NOT_ALLOWED (not a browser push service, naming `endpoint`)',
    'PUSH_SUBSCRIPTIONS_LIMIT',
    "PUSH_ENDPOINT_TAKEN (another member's endpoint, without its keys)",
  )
  async subscribe(@CurrentUser() member: AuthUser, @Body() body: PushSubscriptionDto): Promise<PushSubscriptionResult> {
    if (!this.config.vapid) throw new AppException('PUSH_OFF');
    const saved = await this.subscriptions.save(member.id, { endpoint: body.endpoint, keys: body.keys });
    if (saved === 'not-a-push-service') {
      const message = ERRORS.PUSH_ENDPOINT_NOT_ALLOWED.message;
      throw new AppException('PUSH_ENDPOINT_NOT_ALLOWED', { errors: [{ field: 'endpoint', message }] });
    }
    if (saved === 'limit') throw new AppException('PUSH_SUBSCRIPTIONS_LIMIT');
    if (saved === 'taken') throw new AppException('PUSH_ENDPOINT_TAKEN');
    return { subscribed: true };
  }

  @Delete('subscriptions')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @RateLimit({ policy: 'notifications-member', by: 'member' })
  @ApiOperation({
    summary: 'Turn push off for this device',
    description: "Idempotent; another member's endpoint is left alone.",
  })
  @ApiOkResponse({ type: PushSubscriptionResultDto })
  @ApiErrors(...SIGNED_IN, 'VALIDATION_ERROR', 'UNKNOWN_FIELD')
  async unsubscribe(
    @CurrentUser() member: AuthUser,
    @Body() body: PushUnsubscribeDto,
  ): Promise<PushSubscriptionResult> {
    await this.subscriptions.remove(member.id, body.endpoint);
    return { subscribed: false };
  }
}
