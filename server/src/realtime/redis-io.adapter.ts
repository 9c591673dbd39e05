import { INestApplicationContext, Logger } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { Server, ServerOptions } from 'socket.io';
import { AppConfig } from '../config/app-config';
import { RedisService } from '../infrastructure/redis/redis.service';
import { RateLimitService } from '../infrastructure/rate-limit/rate-limit.service';
import { ListenerIoAdapter } from './listener-io.adapter';
import { redisFanout } from './socket-fanout';
import { exemptFromRateLimits } from '../infrastructure/rate-limit/rate-limit.policies';
import { TokenService } from '../auth';
import { bearerToken } from '../common/http/bearer-token';

/**
 * Largest message a client may send (Socket.IO's `maxHttpBufferSize`, 1 MB by default): the
 * client's events are a few hundred bytes (`place_bid` with a UUID, an amount and a key of at
 * most 100 characters is under 250; `join_auction` under 100), and a polling client may batch
 * several in one request. Larger frames close the connection before anything parses them.
 */
export const MAX_SOCKET_MESSAGE_BYTES = 16 * 1024;

/**
 * Socket.IO fanned out through Redis pub/sub, so an event emitted on one replica reaches the
 * sockets of every replica. CORS follows WEB_ORIGINS; channels live under REDIS_PREFIX.
 *
 * Every new connection (the engine.io handshake, before any transport is set up) is admitted
 * by `allowRequest`: a browser's `Origin` must be one of WEB_ORIGINS or the server's own origin
 * (cross-site pages cannot open sockets with the visitor's cookies or drain rooms), and each
 * client IP (X-Forwarded-For honoured per TRUST_PROXY, as for HTTP) may open at most
 * `socket-connections-ip` connections per minute across replicas. Every handshake is counted
 * before anything is read, and one over the allowance is refused without a database query
 * (the gateway reads the member of an admitted one). The one exception: a handshake whose
 * `Authorization: Bearer` header holds a valid token signed for a load-test member (its `lt`
 * claim) passes a spent allowance once the account, read here as the gateway reads it, is
 * still marked (`exemptFromRateLimits`; the k6 watchers of one machine). Such tokens exist only
 * on development and load-test deployments (docs/adr/0013-load-test-fixtures-through-the-api.md).
 *
 * The gateways' handlers are bound as plain listeners (ListenerIoAdapter), not one rxjs
 * pipeline per socket and handler.
 */
export class RedisIoAdapter extends ListenerIoAdapter {
  private readonly logger = new Logger('RedisIoAdapter');

  constructor(private readonly app: INestApplicationContext) {
    super(app);
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    const config = this.app.get(AppConfig);
    const redis = this.app.get(RedisService);
    const rateLimits = this.app.get(RateLimitService, { strict: false });
    const tokens = this.app.get(TokenService, { strict: false });
    const trust = proxyaddr.compile(config.trustProxy);
    const origins = new Set(config.webOrigins);
    const server: Server = super.createIOServer(port, {
      ...options,
      cors: { origin: config.webOrigins, credentials: true },
      pingInterval: 20_000,
      pingTimeout: 20_000,
      maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
      allowRequest: (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => {
        // Without the gateway role (MAZAD_ROLES) the server stays, for its adapter: the process
        // still emits to rooms held by the gateways (accepted bids, ends), but holds no socket.
        if (!config.hasRole('gateway')) return callback('No socket gateway in this process', false);
        if (!originAllowed(req, origins)) return callback('Origin not allowed', false);
        const ip = proxyaddr(req as IncomingMessage & { connection: IncomingMessage['socket'] }, trust);
        const admit = async () => {
          if (!rateLimits.enabled) return;
          try {
            await rateLimits.consume('socket-connections-ip', ip);
          } catch (err) {
            if (!(await loadTestHandshake(req, tokens))) throw err;
          }
        };
        admit().then(
          () => callback(null, true),
          (err: unknown) => {
            if ((err as { getStatus?: () => number }).getStatus?.() !== 429)
              this.logger.warn({ err }, 'Socket admission failed');
            callback('Too many connections', false);
          },
        );
      },
    });
    server.adapter(redisFanout(config, redis));
    return server;
  }
}

/**
 * True when the handshake's bearer header holds a valid token signed for a load-test member
 * whose account is still marked. Only such a token's account is read: any other handshake is
 * answered from its signature alone.
 */
async function loadTestHandshake(req: IncomingMessage, tokens: TokenService): Promise<boolean> {
  const token = bearerToken(req.headers.authorization);
  const claims = token ? tokens.claimsOf(token) : null;
  if (claims?.lt !== true) return false;
  return exemptFromRateLimits(await tokens.resolve(claims));
}

/**
 * No Origin: not a browser page (native and server clients; browsers always send one on a
 * WebSocket upgrade and on cross-origin polling). Otherwise the origin must be listed, or be
 * the server's own (same-origin web app on any host name it is reached by).
 */
export function originAllowed(req: IncomingMessage, allowed: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  const host = req.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}
