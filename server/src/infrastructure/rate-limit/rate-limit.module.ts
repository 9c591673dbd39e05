import { Module } from '@nestjs/common';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitService } from './rate-limit.service';

/**
 * Import where a feature enforces a request-rate limit (policies in rate-limit.policies.ts):
 * `RateLimitService` in code, or the `@RateLimit(...)` route decorator (rate-limit.guard.ts).
 */
@Module({ providers: [RateLimitService, RateLimitGuard], exports: [RateLimitService, RateLimitGuard] })
export class RateLimitModule {}
