import { Module } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyService } from './idempotency.service';

/**
 * Import where submissions may carry an idempotency key: `IdempotencyService` for any transport,
 * `@UseInterceptors(IdempotencyInterceptor)` for HTTP routes (the `Idempotency-Key` header).
 */
@Module({
  providers: [IdempotencyService, IdempotencyInterceptor],
  exports: [IdempotencyService, IdempotencyInterceptor],
})
export class IdempotencyModule {}
