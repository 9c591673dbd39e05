/**
 * What the product answered during the scan, from its own log (one JSON line per request,
 * pino's "request completed" with req and res): status counts per documented call, and every
 * 5xx with its request id, so a 5xx fails the suite whichever scanner caused it.
 */
import { readFileSync } from 'node:fs';

/** Matches a request path to its OpenAPI template ("/api/auctions/{id}"), else the path itself. */
export function templateMatcher(templates) {
  const patterns = templates
    .map((t) => ({
      t,
      re: new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
    }))
    // Literal segments win over parameters: /api/auctions/user/{id} before /api/auctions/{id}/...
    .sort((a, b) => b.t.replace(/\{[^}]+\}/g, '').length - a.t.replace(/\{[^}]+\}/g, '').length);
  return (path) => patterns.find((p) => p.re.test(path))?.t ?? (path.startsWith('/api/') ? path : 'site');
}

/**
 * @param {string} logFile
 * @param {string[]} templates the OpenAPI paths
 * @returns {{ requests: number, byCall: Record<string, Record<string, number>>,
 *   serverErrors: { id: string, method: string, url: string, status: number }[] }}
 */
export function readServerLog(logFile, templates) {
  const match = templateMatcher(templates);
  const byCall = {};
  const serverErrors = [];
  let requests = 0;
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const status = entry.res?.statusCode;
    if (!entry.req || typeof status !== 'number') continue;
    requests += 1;
    const path = String(entry.req.url).split('?')[0];
    const call = `${entry.req.method} ${match(path)}`;
    const kind = status === 429 ? '429' : `${String(status)[0]}xx`;
    byCall[call] ??= {};
    byCall[call][kind] = (byCall[call][kind] ?? 0) + 1;
    if (status >= 500)
      serverErrors.push({
        id: entry.req.id,
        method: entry.req.method,
        url: String(entry.req.url).slice(0, 300),
        status,
      });
  }
  return { requests, byCall, serverErrors };
}
