import { Logger } from '@nestjs/common';
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import type Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';
import type { RedisService } from '../infrastructure/redis/redis.service';

/**
 * The Socket.IO adapter that carries emits between processes over Redis (SOCKET_ADAPTER):
 * - `classic`: PUBLISH on one channel per namespace that every server subscribes to, so each
 *   server receives every broadcast and drops those for rooms it does not hold;
 * - `sharded`: SPUBLISH (Redis ≥ 7) on one channel per room ("dynamic" subscriptions), so a
 *   server receives only the broadcasts of rooms it holds sockets in.
 * Both live under REDIS_PREFIX. docs/performance-log.md ("Socket fan-out: classic or sharded adapter")
 * has the measurement behind the default.
 */
export function redisFanout(config: AppConfig, redis: RedisService) {
  const pub = withHandledPublishes(redis.connect('socket-pub'));
  const sub = redis.connect('socket-sub');
  const channels = redis.key('socket.io');
  return config.socketAdapter === 'sharded'
    ? createShardedAdapter(pub, sub, { channelPrefix: channels, subscriptionMode: 'dynamic' })
    : createAdapter(pub, sub, { key: channels });
}

const logger = new Logger('SocketFanout');

/**
 * The adapters publish without awaiting (`pubClient.publish(…)` and `spublish`, fire and forget),
 * so a publish that fails — Redis down past the client's retries, or an emit that comes after
 * shutdown closed the connection ("Connection is closed.") — would be an unhandled rejection,
 * which ends a Node.js process. Each publish's promise gets a handler that logs the failure; the
 * broadcast is lost, as any broadcast is while Redis is away, and clients catch up by sequence
 * number on their next message (docs/realtime.md).
 */
export function withHandledPublishes(client: Redis): Redis {
  for (const method of ['publish', 'spublish'] as const) {
    const send = client[method].bind(client) as (...args: unknown[]) => Promise<number>;
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const sent = send(...args);
      sent.catch((err: unknown) => logger.warn({ err }, `Socket fan-out ${method} failed; the broadcast is lost`));
      return sent;
    };
  }
  return client;
}
