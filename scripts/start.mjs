#!/usr/bin/env node
/**
 * `npm start`: Mazad on a fresh machine, on one port (PORT, default 3000).
 *
 *   1. installs dependencies when node_modules is missing (npm ci)            lib/start/install.mjs
 *   2. builds what is missing or older than its sources (--rebuild: all)       lib/start/builds.mjs
 *   3. reads `.env` at the repository root, if there is one (set variables win)
 *   4. fills in what is not set: JWT_SECRET, demo admin and members' password,
 *      SEED_DEMO=true (generated once into .data/), PUBLIC_ORIGIN on PORT       lib/start/environment.mjs
 *   5. PostgreSQL: DATABASE_URL, else 127.0.0.1:5432/mazad, else the embedded
 *      PostgreSQL on 5433 with its data in .data/postgres                      lib/start/database.mjs
 *   6. Redis: REDIS_URL, else 127.0.0.1:6379, else a redis-server from PATH
 *      on 6380 (nothing saved to disk)                                         lib/start/redis.mjs
 *   7. runs server/dist/main.js (migrates, seeds the demo, listens), prints the
 *      addresses and demo accounts, forwards Ctrl+C / SIGTERM and stops what
 *      it started                                                              lib/start/supervisor.mjs, banner.mjs
 *
 * Testing aids (not configuration): MAZAD_DEFAULT_DATABASE_URL and MAZAD_DEFAULT_REDIS_URL replace
 * the default addresses probed when DATABASE_URL / REDIS_URL are unset (point them at a closed
 * port to exercise the fallbacks); MAZAD_EMBEDDED_PG_PORT (5433) and MAZAD_FALLBACK_REDIS_PORT
 * (6380) move the fallback services; MAZAD_DATA_DIR (.data) moves the data folder;
 * MAZAD_SKIP_BUILDS=true takes the builds as they are. scripts/test/start.test.mjs uses them.
 */
import { printBanner } from './lib/start/banner.mjs';
import { buildAll } from './lib/start/builds.mjs';
import { say, startPort, StartError } from './lib/start/context.mjs';
import { resolveDatabase } from './lib/start/database.mjs';
import { ensureDataDir, loadDotEnv, resolveEnvironment } from './lib/start/environment.mjs';
import { checkNodeVersion, ensureDependencies, ensureNativeAddons } from './lib/start/install.mjs';
import { resolveRedis } from './lib/start/redis.mjs';
import { Supervisor } from './lib/start/supervisor.mjs';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(`Usage: npm start [-- --rebuild]

Builds what is missing, starts PostgreSQL/Redis fallbacks when needed, migrates, seeds the demo
and serves Mazad on PORT (default 3000). See README.md and docs/configuration.md.

  --rebuild   rebuild contracts, server, web and console even when their builds look fresh`);
  process.exit(0);
}

const supervisor = new Supervisor();

async function main() {
  checkNodeVersion();
  ensureDependencies();
  ensureNativeAddons();
  buildAll({ rebuild: args.includes('--rebuild') });

  loadDotEnv();
  ensureDataDir();
  const { env, generated, seedDemo } = resolveEnvironment();
  const port = startPort();

  supervisor.handleSignals();
  const database = await resolveDatabase(supervisor);
  const redis = await resolveRedis(supervisor);
  if (supervisor.stopRequested) return;

  say(`Starting the server on port ${port} (migrations, then ${seedDemo ? 'demo seed, then ' : ''}listen) …`);
  const serverEnv = { ...process.env, ...env, DATABASE_URL: database.url, REDIS_URL: redis.url };
  if (await supervisor.runServer(serverEnv, port)) printBanner({ port, database, redis, generated, seedDemo });
}

main().catch(async (err) => {
  console.error(err instanceof StartError ? `\n[start] ${err.message}\n` : err);
  await supervisor.stopServices();
  process.exit(1);
});
