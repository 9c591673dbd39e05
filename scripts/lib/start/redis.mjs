/**
 * Step 6: Redis. REDIS_URL when set (it must answer PING); else the default address
 * (MAZAD_DEFAULT_REDIS_URL, a testing aid, replaces it); with nothing there, a redis-server from
 * PATH on 127.0.0.1:MAZAD_FALLBACK_REDIS_PORT (6380), saving nothing to disk — reused when an
 * earlier start left one answering.
 */
import { join, relative } from 'node:path';
import { onPath } from '../processes.cjs';
import { redisAnswers, startRedisServer } from '../redis.cjs';
import { DATA, fail, given, redact, ROOT, say } from './context.mjs';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * @param {import('./supervisor.mjs').Supervisor} supervisor tracks the redis-server, if started
 * @returns {Promise<{ url: string, description: string }>}
 */
export async function resolveRedis(supervisor) {
  const explicit = given('REDIS_URL');
  const url = explicit ? process.env.REDIS_URL : process.env.MAZAD_DEFAULT_REDIS_URL || DEFAULT_REDIS_URL;
  const probe = await redisAnswers(url);
  if (probe.ok) return { url, description: redact(url) };
  if (explicit)
    fail(`Redis at REDIS_URL=${redact(url)} is not usable: ${probe.error}. Start that server or correct REDIS_URL.`);

  const port = Number(process.env.MAZAD_FALLBACK_REDIS_PORT || 6380);
  const fallback = `redis://127.0.0.1:${port}`;
  if ((await redisAnswers(fallback)).ok) {
    say(`No Redis at ${redact(url)}; a Redis already answers on ${fallback} (left by an earlier start?); using it.`);
    return { url: fallback, description: `${fallback} (already running)` };
  }
  const binary = onPath('redis-server');
  if (!binary) {
    fail(
      `No Redis at ${redact(url)} (${probe.error}) and no redis-server on PATH. Install Redis (apt-get install redis-server) or set REDIS_URL.`,
    );
  }
  say(`No Redis at ${redact(url)} (${probe.error}); starting ${binary} on 127.0.0.1:${port} (nothing saved to disk) …`);
  const logFile = join(DATA, 'redis.log');
  const redis = startRedisServer({ binary, port, dir: DATA, logFile });
  supervisor.track('redis-server', redis.child, () => redis.child.kill('SIGTERM'));
  await redis.ready.catch((err) => {
    const log = relative(ROOT, logFile);
    if (err.reason === 'exited') fail(`${err.message}; see ${log}. MAZAD_FALLBACK_REDIS_PORT chooses another port.`);
    fail(`${err.message}; see ${log}.`);
  });
  return { url: fallback, description: `${fallback} (redis-server started by npm start)` };
}
