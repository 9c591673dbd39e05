import { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server, ServerOptions } from 'socket.io';
import { AppConfig } from '../config/app-config';
import { RedisService } from '../infrastructure/redis/redis.service';

/**
 * Socket.IO fanned out through Redis pub/sub, so an event emitted on one replica reaches the
 * sockets of every replica. CORS follows WEB_ORIGINS; channels live under REDIS_PREFIX.
 */
export class RedisIoAdapter extends IoAdapter {
  constructor(private readonly app: INestApplicationContext) {
    super(app);
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    const config = this.app.get(AppConfig);
    const redis = this.app.get(RedisService);
    const server: Server = super.createIOServer(port, {
      ...options,
      cors: { origin: config.webOrigins, credentials: true },
      pingInterval: 20_000,
      pingTimeout: 20_000,
    });
    const pub = redis.connect('socket-pub');
    const sub = redis.connect('socket-sub');
    server.adapter(createAdapter(pub, sub, { key: redis.key('socket.io') }));
    return server;
  }
}
