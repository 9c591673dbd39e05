import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { RateLimitService } from './rate-limit.service';
import { exemptFromRateLimits, type RateLimitedMember, type RateLimitPolicyName } from './rate-limit.policies';

/** One limit of a route: a policy counted per member (the signed-in user's id) or per client IP. */
export interface RouteRateLimit {
  policy: RateLimitPolicyName;
  by: 'member' | 'ip';
}

const RATE_LIMITS_KEY = 'mazad:rate-limits';

/**
 * Declarative request-rate limits for a route, checked by `RateLimitGuard` before the body is
 * read (so a refused upload is never parsed). Every listed limit is counted atomically in Redis
 * (rate-limiter-flexible), whatever the concurrency; the first one passed answers 429 with its
 * Arabic code and Retry-After. Put it ABOVE the route's auth guard (`@UseGuards(JwtAuthGuard)`):
 * guards run top-down after decorators stack bottom-up, so the member is known when it counts.
 *
 *   @RateLimit({ policy: 'messages-member', by: 'member' })
 *   @UseGuards(JwtAuthGuard)
 */
export const RateLimit = (...limits: RouteRateLimit[]) =>
  applyDecorators(SetMetadata(RATE_LIMITS_KEY, limits), UseGuards(RateLimitGuard));

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly rateLimits: RateLimitService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const limits = this.reflector.getAllAndMerge<RouteRateLimit[]>(RATE_LIMITS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    await countLimits(this.rateLimits, limits, context.switchToHttp().getRequest());
    return true;
  }
}

/**
 * Counts `points` against every limit for this request's member or client IP; the first limit
 * passed throws its 429 (nothing for an exempt member, see `exemptFromRateLimits`). Also used after a body is read, when its size is known (image uploads
 * count per image, see image-upload.ts).
 */
export async function countLimits(
  rateLimits: RateLimitService,
  limits: RouteRateLimit[],
  request: FastifyRequest & { user?: RateLimitedMember },
  points = 1,
): Promise<void> {
  // A load-test member's requests count against no limit, per member or per IP.
  if (!limits.length || !rateLimits.enabled || points <= 0 || exemptFromRateLimits(request.user)) return;
  for (const { policy, by } of limits) {
    const key = by === 'member' ? request.user?.id : (request.ip ?? request.socket.remoteAddress);
    // A member limit on a route reached without a member: the route's auth guard refuses it.
    if (key) await rateLimits.consume(policy, key, points);
  }
}
