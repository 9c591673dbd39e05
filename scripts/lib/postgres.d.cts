import type { ChildProcess } from 'node:child_process';

/** The URL of the embedded PostgreSQL (user postgres) for `database`. */
export declare function embeddedPostgresUrl(options: { port: number; password: string; database: string }): string;
/** Starts the embedded PostgreSQL; `ready` once it accepts connections. */
export declare function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  passwordFile: string;
  logFile: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}): { child: ChildProcess; stop: () => void; ready: Promise<void> };
