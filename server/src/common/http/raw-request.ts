import type { IncomingMessage } from 'node:http';

/**
 * The path of a raw request (no query string), as Express's `req.path` was: what the
 * Express-style middleware kept under Fastify (@fastify/middie) matches on. Under a mount
 * path (`app.use('/admin', …)`) middie has already taken the mount path off `req.url`.
 */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
