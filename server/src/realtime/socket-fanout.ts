import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import type { AppConfig } from '../config/app-config';
import type { RedisService } from '../infrastructure/redis/redis.service';

/**
 * The Socket.IO adapter that carries emits between processes over Redis (SOCKET_ADAPTER):
 * - `classic`: PUBLISH on one channel per namespace that every server subscribes to, so each
 *   server receives every broadcast and drops those for rooms it does not hold;
 * - `sharded`: SPUBLISH (Redis ≥ 7) on one channel per room ("dynamic" subscriptions), so a
 *   server receives only the broadcasts of rooms it holds sockets in.
 * Both live under REDIS_PREFIX. docs/performance.md ("Socket fan-out: classic or sharded")
 * has the measurement behind the default.
 */
export function redisFanout(config: AppConfig, redis: RedisService) {
  const pub = redis.connect('socket-pub');
  const sub = redis.connect('socket-sub');
  const channels = redis.key('socket.io');
  return config.socketAdapter === 'sharded'
    ? createShardedAdapter(pub, sub, { channelPrefix: channels, subscriptionMode: 'dynamic' })
    : createAdapter(pub, sub, { key: channels });
}
