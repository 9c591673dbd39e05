import type { Client } from 'pg';

/** `url` with its database replaced by `database`. */
export declare function withDatabase(url: string, database: string): string;
/** The database named in `url` ('postgres' when none is). */
export declare function databaseName(url: string): string;
/** `<prefix>_<milliseconds>_<random hex>` */
export declare function uniqueName(prefix: string): string;
/** Runs `work` with a client connected to `url`; always disconnects. */
export declare function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T>;
/** Connects to the maintenance database (postgres, else template1) of the server of `url`. */
export declare function connectMaintenance(
  url: string,
  options?: { timeoutMs?: number },
): Promise<{ client: Client; error?: undefined } | { client?: undefined; error: string }>;
/** True when the PostgreSQL server of `url` accepts a login. */
export declare function postgresAnswers(url: string, options?: { timeoutMs?: number }): Promise<boolean>;
/**
 * Creates a fresh database (`name`, or a unique `<prefix>_…` one, default prefix mazad_test), a
 * copy of the database `template` when given (nobody may be connected to it meanwhile).
 */
export declare function createDatabase(
  adminUrl: string,
  options?: { name?: string; prefix?: string; template?: string },
): Promise<{ name: string; url: string }>;
/** Drops `name`, disconnecting whoever still uses it. */
export declare function dropDatabase(adminUrl: string, name: string): Promise<void>;
/**
 * Creates the database of `url` when missing (`onCreate` just before); true when it was created
 * now. Errors carry `stage`: 'connect' or 'create'.
 */
export declare function ensureDatabase(url: string, options?: { onCreate?: (name: string) => void }): Promise<boolean>;
