import type { ChildProcess } from 'node:child_process';

/** PING over a plain socket (AUTH when the URL has a password); never throws. */
export declare function redisAnswers(
  url: string,
  options?: { timeoutMs?: number },
): Promise<{ ok: boolean; error?: string }>;
/** Throws when nothing answers PING at `url`. */
export declare function checkRedis(url: string): Promise<void>;
/** `<prefix>_<milliseconds>_<random hex>` */
export declare function uniquePrefix(prefix: string): string;
/** Deletes every key starting with `prefix`. */
export declare function clearRedisPrefix(url: string, prefix: string): Promise<void>;
export declare class RedisStartError extends Error {
  reason: 'exited' | 'timeout';
  constructor(reason: 'exited' | 'timeout', message: string);
}
/** Starts a redis-server on 127.0.0.1:`port` saving nothing to disk; `ready` once it answers. */
export declare function startRedisServer(options: {
  binary: string;
  port: number;
  dir: string;
  logFile?: string;
  timeoutMs?: number;
}): { url: string; child: ChildProcess; ready: Promise<void> };
