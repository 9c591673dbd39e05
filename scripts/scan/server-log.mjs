/**
 * What the product answered during the scan, from its own log (one JSON line per request,
 * pino's "request completed" with req and res): counts per status per documented call, and every
 * 5xx with its request id, so a 5xx fails the suite whichever scanner caused it. (The bid path
 * logs its refusals at debug, below the scan's LOG_LEVEL info: its 4xx are not counted.)
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
 * Answers given before a request's parameters are read: no session (401), not allowed (403),
 * a body refused by its size or type (413, 415), a rate limit (429).
 */
export const DOOR_STATUSES = [401, 403, 413, 415, 429];

/**
 * Statuses of one call, in summary form: { accepted: 2xx, read: other 4xx, door: DOOR_STATUSES }.
 * @param {Record<string, number>} [statuses] a call's entry of `byCall`
 */
export function answersOf(statuses = {}) {
  const sum = (test) =>
    Object.entries(statuses)
      .filter(([status]) => test(Number(status)))
      .reduce((n, [, count]) => n + count, 0);
  return {
    accepted: sum((s) => s >= 200 && s < 300),
    read: sum((s) => s >= 400 && s < 500 && !DOOR_STATUSES.includes(s)),
    door: sum((s) => DOOR_STATUSES.includes(s)),
  };
}

/**
 * `byCall`: "METHOD /template" → status → count. `serverErrors`: every 5xx answered and every
 * unexpected error logged, once per request.
 * @param {string} logFile
 * @param {string[]} templates the OpenAPI paths
 * @returns {{ requests: number, byCall: Record<string, Record<string, number>>,
 *   serverErrors: { id: string, method: string, url: string, status: number, error?: string }[] }}
 */
export function readServerLog(logFile, templates) {
  const match = templateMatcher(templates);
  const byCall = {};
  const serverErrors = [];
  const unexpected = [];
  let requests = 0;
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    // AllExceptionsFilter's "Unexpected error on …" (context Errors): answered 500, also when
    // sending the answer failed too and no "request completed" line follows (seen: a POST to a
    // page of the web app with Accept-Encoding, whose 500 the request lines never showed).
    if (entry.context === 'Errors' && entry.requestId) {
      unexpected.push({
        id: entry.requestId,
        method: entry.method,
        url: String(entry.url).slice(0, 300),
        status: entry.err?.status ?? 500,
        error: String(entry.err?.message ?? entry.msg).slice(0, 300),
      });
      continue;
    }
    const status = entry.res?.statusCode;
    if (!entry.req || typeof status !== 'number') continue;
    requests += 1;
    const path = String(entry.req.url).split('?')[0];
    const call = `${entry.req.method} ${match(path)}`;
    byCall[call] ??= {};
    byCall[call][status] = (byCall[call][status] ?? 0) + 1;
    if (status >= 500)
      serverErrors.push({
        id: entry.req.id,
        method: entry.req.method,
        url: String(entry.req.url).slice(0, 300),
        status,
      });
  }
  const answered = new Set(serverErrors.map((e) => e.id));
  serverErrors.push(...unexpected.filter((e) => !answered.has(e.id)));
  return { requests, byCall, serverErrors };
}
