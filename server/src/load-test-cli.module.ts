import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthCoreModule } from './auth/core/auth-core.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './infrastructure/database/database.module';
import { RedisModule } from './infrastructure/redis/redis.module';
import { StorageModule } from './infrastructure/storage/storage.module';
import { LoadTestModule } from './load-test/load-test.module';

/**
 * What `npm run load:prepare` / `load:clean` boot (src/load-test-cli.ts): only the modules the
 * fixtures need. No HTTP, no socket gateway, no queue workers or timers, so the command never
 * acts as a replica of the deployment it prepares.
 */
@Module({})
export class LoadTestCliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: LoadTestCliModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        RedisModule,
        StorageModule,
        CqrsModule.forRoot(),
        AuthCoreModule,
        LoadTestModule,
      ],
    };
  }
}
