import type { ChildProcess } from 'node:child_process';

export declare function isRunning(child: ChildProcess): boolean;
/** Resolves when `child` has exited (at once when it already has). */
export declare function exited(child: ChildProcess): Promise<void>;
/** Asks `child` to stop, waits up to `timeoutMs` (10 s), then kills it (SIGKILL). */
export declare function stopChild(
  child: ChildProcess,
  options?: { signal?: NodeJS.Signals; timeoutMs?: number; request?: () => void },
): Promise<void>;
/** The full path of `command` on PATH, if there is one. */
export declare function onPath(command: string): string | undefined;
