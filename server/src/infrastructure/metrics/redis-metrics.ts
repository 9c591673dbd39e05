import { Injectable, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Histogram } from 'prom-client';
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

/** mazad_redis_command_seconds on the main command connection (RedisService.client). */
@Injectable()
export class RedisMetrics implements OnModuleInit {
  constructor(
    private readonly redis: RedisService,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    sampleCommandLatency(this.redis.client, this.metrics.redisCommand);
  }
}
