import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis, { RedisOptions } from 'ioredis';
import { AppConfig } from '../../config/app-config';

/**
 * The shared Redis connection for commands (locks, codes, counters). Keys are namespaced with
 * REDIS_PREFIX through `key()`, so several deployments or test runs can share one server.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  readonly client: Redis;
  private readonly extra: Redis[] = [];

  constructor(private readonly config: AppConfig) {
    // Commands issued in the same tick travel in one write (ioredis auto-pipelining): under a bid
    // storm each bid's idempotency claim, record and account check would otherwise be a syscall each.
    this.client = this.connect('commands', { enableAutoPipelining: true });
  }

  key(...parts: (string | number)[]): string {
    return [this.config.redisPrefix, ...parts].join(':');
  }

  /** A separate connection (pub/sub needs its own); closed at shutdown. */
  connect(name: string, options: RedisOptions = {}): Redis {
    const connection = new Redis(this.config.redisUrl, {
      connectionName: `mazad-${name}`,
      lazyConnect: false,
      ...options,
    });
    if (name !== 'commands') this.extra.push(connection);
    return connection;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.client, ...this.extra].map((c) => c.quit().catch(() => c.disconnect())));
  }
}
