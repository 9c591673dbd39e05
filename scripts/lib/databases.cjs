'use strict';
/**
 * PostgreSQL databases: a URL's database swapped or named, a fresh uniquely named database
 * created and dropped again, a database created when missing. `pg` is loaded on first use (npm
 * start loads this file before it installs the dependencies).
 */
const { randomBytes } = require('node:crypto');

const CONNECT_TIMEOUT_MS = 5000;

/**
 * `url` with its database replaced by `database`.
 * @param {string} url
 * @param {string} database
 */
function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/**
 * The database named in `url` ('postgres' when none is).
 * @param {string} url
 */
const databaseName = (url) => decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';

/**
 * A name nobody else uses: `<prefix>_<milliseconds>_<random hex>`.
 * @param {string} prefix
 */
const uniqueName = (prefix) => `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;

/** @param {string} url */
function newClient(url, timeoutMs = CONNECT_TIMEOUT_MS) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined); // a dropped connection is reported by the next query
  return client;
}

/**
 * Runs `work` with a client connected to `url`; always disconnects.
 * @template T
 * @param {string} url
 * @param {(client: import('pg').Client) => Promise<T>} work
 * @returns {Promise<T>}
 */
async function withClient(url, work) {
  const client = newClient(url);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Connects to the maintenance database (postgres, else template1) of the server of `url`.
 * Returns the connected client, or why it could not connect.
 * @param {string} url
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<{ client: import('pg').Client, error?: undefined } | { client?: undefined, error: string }>}
 */
async function connectMaintenance(url, { timeoutMs = 3000 } = {}) {
  let lastError;
  for (const database of ['postgres', 'template1']) {
    const client = newClient(withDatabase(url, database), timeoutMs);
    try {
      await client.connect();
      return { client };
    } catch (err) {
      lastError = err;
      await client.end().catch(() => undefined);
      if (err.code !== '3D000') break; // only "database does not exist" is worth another try
    }
  }
  return { error: lastError?.message || lastError?.code || String(lastError) };
}

/**
 * True when a PostgreSQL server of `url` accepts a login (to its maintenance database).
 * @param {string} url
 */
async function postgresAnswers(url, { timeoutMs = 2000 } = {}) {
  const { client } = await connectMaintenance(url, { timeoutMs });
  await client?.end().catch(() => undefined);
  return Boolean(client);
}

/**
 * Creates a fresh database on the server of `adminUrl`: `name`, or a unique `<prefix>_…` one; a
 * copy of the database `template` when given (nobody may be connected to it meanwhile).
 * @param {string} adminUrl
 * @param {{ name?: string, prefix?: string, template?: string }} [options]
 * @returns {Promise<{ name: string, url: string }>}
 */
async function createDatabase(adminUrl, { name, prefix = 'mazad_test', template } = {}) {
  const database = name ?? uniqueName(prefix);
  await withClient(adminUrl, (client) =>
    client.query(
      `CREATE DATABASE ${client.escapeIdentifier(database)}` +
        (template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : ''),
    ),
  );
  return { name: database, url: withDatabase(adminUrl, database) };
}

/**
 * Drops `name` on the server of `adminUrl`, disconnecting whoever still uses it.
 * @param {string} adminUrl
 * @param {string} name
 */
async function dropDatabase(adminUrl, name) {
  await withClient(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
  );
}

/**
 * Creates the database of `url` when its server does not have it yet (`onCreate(name)` is called
 * just before). Errors carry `stage`: 'connect' (the server did not answer) or 'create'.
 * @param {string} url
 * @param {{ onCreate?: (name: string) => void }} [options]
 * @returns {Promise<boolean>} true when it was created now
 */
async function ensureDatabase(url, { onCreate } = {}) {
  const name = databaseName(url);
  const { client, error } = await connectMaintenance(url);
  if (!client) throw Object.assign(new Error(error), { stage: 'connect' });
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    onCreate?.(name);
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`).catch((err) => {
      if (err.code !== '42P04') throw err; // created meanwhile by someone else: fine
    });
    return true;
  } catch (err) {
    throw Object.assign(err, { stage: 'create' });
  } finally {
    await client.end().catch(() => undefined);
  }
}

module.exports = {
  withDatabase,
  databaseName,
  uniqueName,
  withClient,
  connectMaintenance,
  postgresAnswers,
  createDatabase,
  dropDatabase,
  ensureDatabase,
};
