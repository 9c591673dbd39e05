import { Global, Module } from '@nestjs/common';
import { RedisMemoryWatch } from './redis-memory.watch';
import { RedisService } from './redis.service';

@Global()
@Module({ providers: [RedisService, RedisMemoryWatch], exports: [RedisService, RedisMemoryWatch] })
export class RedisModule {}
