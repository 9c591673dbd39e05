import type { ChildProcess, StdioOptions } from 'node:child_process';

/** The repository root. */
export declare const ROOT: string;
/** server/dist/main.js */
export declare const SERVER_MAIN: string;

export interface SpawnServerOptions {
  /** Port to listen on (default: a free one). */
  port?: number;
  /** Working directory (default: the repository root). */
  cwd?: string;
  /** Default: stdout and stderr captured (see `output()`). */
  stdio?: StdioOptions;
  detached?: boolean;
  /** Node.js options before main.js, e.g. ['--cpu-prof']. */
  nodeArgs?: string[];
  /** How many of the last characters written `output()` keeps (default 20 000; Infinity: all). */
  outputKept?: number;
}

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  pid: number;
  process: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** The last characters written (when captured; `outputKept`, 20 000 by default). */
  output(): string;
  isRunning(): boolean;
  /** Waits for GET /api/health → 200 (default 60 s); throws when the process exits first. */
  ready(options?: { timeoutMs?: number }): Promise<void>;
  /** Graceful stop (SIGTERM), then SIGKILL after `timeoutMs` (10 s); waits for the exit. */
  stop(options?: { signal?: NodeJS.Signals; timeoutMs?: number }): Promise<void>;
  /** Sudden death (SIGKILL): nothing is cleaned up. */
  kill(): Promise<void>;
}

/** Polls `${url}/api/health` until 200; throws when `child` exits first or after `timeoutMs` (60 s). */
export declare function waitForHealth(
  url: string,
  options?: { child?: ChildProcess; timeoutMs?: number; intervalMs?: number; output?: () => string },
): Promise<void>;

/** Spawns server/dist/main.js with `env` (PATH/HOME added, PORT set); does not wait. */
export declare function spawnServer(
  env: Record<string, string | undefined>,
  options?: SpawnServerOptions,
): Promise<ServerProcess>;

/** Spawns the server and waits until /api/health answers 200; kills it when it does not. */
export declare function startServerProcess(
  env: Record<string, string | undefined>,
  options?: SpawnServerOptions & { timeoutMs?: number },
): Promise<ServerProcess>;
