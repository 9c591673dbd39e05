import { Global, Module } from '@nestjs/common';
import { DeploymentPresence } from './deployment-presence';
import { RedisMemoryWatch } from './redis-memory.watch';
import { RedisService } from './redis.service';

@Global()
@Module({
  providers: [RedisService, RedisMemoryWatch, DeploymentPresence],
  exports: [RedisService, RedisMemoryWatch],
})
export class RedisModule {}
