import { Injectable, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Histogram } from 'prom-client';
import { RedisMemoryWatch } from '../redis/redis-memory.watch';
import { RedisService } from '../redis/redis.service';
import { Metrics } from './metrics';

/** One command in this many is timed: enough samples under load, nothing measurable per command. */
export const REDIS_SAMPLE_EVERY = 16;

/**
 * Times one command in `every` that `client` sends, from its send to its reply, into
 * `histogram`. ioredis sends every command through `sendCommand` (auto-pipelined ones too, when
 * their pipeline is written), so the sample is of real commands: the bid locks, idempotency
 * claims, rate limits… A failed command is timed as well (its round trip is what it cost).
 */
export function sampleCommandLatency(client: Redis, histogram: Histogram, every = REDIS_SAMPLE_EVERY): void {
  const send = client.sendCommand.bind(client);
  let sent = 0;
  client.sendCommand = (command, stream) => {
    sent = (sent + 1) % every;
    if (sent === 0) {
      const end = histogram.startTimer();
      const done = () => void end();
      command.promise.then(done, done);
    }
    return send(command, stream);
  };
}

/**
 * mazad_redis_command_seconds on the main command connection (RedisService.client), and Redis's
 * memory against its maxmemory as RedisMemoryWatch last read it (mazad_redis_memory_*_bytes; no
 * sample before the first reading). The memory is for operators: it is in the metrics and the
 * watch's error log, not in the public health answer.
 */
@Injectable()
export class RedisMetrics implements OnModuleInit {
  constructor(
    private readonly redis: RedisService,
    private readonly memory: RedisMemoryWatch,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    sampleCommandLatency(this.redis.client, this.metrics.redisCommand);
    const { redisMemoryUsed, redisMemoryMax } = this.metrics;
    this.metrics.onScrape(() => {
      const reading = this.memory.latest;
      if (!reading) return;
      redisMemoryUsed.set(reading.usedBytes);
      redisMemoryMax.set(reading.maxBytes);
    });
  }
}
