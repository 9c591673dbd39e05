'use strict';
/**
 * Redis: does it answer PING, a unique key prefix, deleting every key of a prefix, and a child
 * `redis-server` that keeps nothing on disk. The PING needs no library (npm start uses it
 * before the dependencies are installed); clearing a prefix loads ioredis on first use.
 */
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { createConnection } = require('node:net');
const { isRunning } = require('./processes.cjs');

/**
 * PING over a plain socket (with AUTH when the URL has a password). `rediss://` is trusted as
 * given. Never throws.
 * @param {string} url
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<{ ok: boolean, error?: string }>}
 */
function redisAnswers(url, { timeoutMs = 1500 } = {}) {
  return new Promise((resolve) => {
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      return resolve({ ok: false, error: 'malformed URL' });
    }
    if (parsed.protocol === 'rediss:') return resolve({ ok: true }); // TLS: trust what was given
    const socket = createConnection({ host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 6379) });
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done({ ok: false, error: 'timed out' }));
    socket.on('error', (err) => done({ ok: false, error: err.code || err.message }));
    socket.on('connect', () => {
      const user = decodeURIComponent(parsed.username || '');
      const pass = decodeURIComponent(parsed.password || '');
      const auth = pass
        ? user
          ? `AUTH ${JSON.stringify(user)} ${JSON.stringify(pass)}\r\n`
          : `AUTH ${JSON.stringify(pass)}\r\n`
        : '';
      socket.write(`${auth}PING\r\n`);
    });
    let reply = '';
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('+PONG')) return done({ ok: true });
      const refusal = reply.split('\r\n').find((line) => line.startsWith('-'));
      if (refusal) done({ ok: false, error: refusal.slice(1) });
    });
  });
}

/**
 * Throws when nothing answers PING at `url`.
 * @param {string} url
 */
async function checkRedis(url) {
  const { ok, error } = await redisAnswers(url, { timeoutMs: 3000 });
  if (!ok) throw new Error(`Redis at ${url} does not answer: ${error}`);
}

/**
 * A key prefix nobody else uses: `<prefix>_<milliseconds>_<random hex>`.
 * @param {string} prefix
 */
const uniquePrefix = (prefix) => `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;

/**
 * Deletes every key starting with `prefix`.
 * @param {string} url
 * @param {string} prefix
 */
async function clearRedisPrefix(url, prefix) {
  const Redis = require('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}

/** Why a child redis-server did not come up: `exited` (port taken?) or `timeout`. */
class RedisStartError extends Error {
  /** @param {'exited' | 'timeout'} reason @param {string} message */
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

/**
 * Starts `binary` (a redis-server) on 127.0.0.1:`port` in its own process group, saving
 * nothing to disk. `child` is there at once (to stop it whatever happens next); `ready`
 * resolves once it answers PING and rejects with a RedisStartError.
 * @param {{ binary: string, port: number, dir: string, logFile?: string, timeoutMs?: number }} options
 */
function startRedisServer({ binary, port, dir, logFile, timeoutMs = 10_000 }) {
  const url = `redis://127.0.0.1:${port}`;
  const args = ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'];
  if (logFile) args.push('--logfile', logFile);
  const child = spawn(binary, args, { cwd: dir, detached: true, stdio: 'ignore' });
  child.once('error', () => undefined); // reported through `ready`
  const ready = (async () => {
    const started = Date.now();
    while (!(await redisAnswers(url)).ok) {
      if (!isRunning(child) || child.pid === undefined)
        throw new RedisStartError('exited', `redis-server exited at start-up (is port ${port} in use?)`);
      if (Date.now() - started > timeoutMs)
        throw new RedisStartError('timeout', `redis-server did not answer on ${url} within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  ready.catch(() => undefined); // callers await it; never an unhandled rejection
  return { url, child, ready };
}

module.exports = { redisAnswers, checkRedis, uniquePrefix, clearRedisPrefix, RedisStartError, startRedisServer };
