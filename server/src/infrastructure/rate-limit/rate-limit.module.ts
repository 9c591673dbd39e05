import { Module } from '@nestjs/common';
import { RateLimitService } from './rate-limit.service';

/** Import where a feature enforces a request-rate limit (policies in rate-limit.policies.ts). */
@Module({ providers: [RateLimitService], exports: [RateLimitService] })
export class RateLimitModule {}
