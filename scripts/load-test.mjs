#!/usr/bin/env node
/**
 * `npm run load:prepare` / `npm run load:clean`: the load-test fixtures command of the server
 * (server/src/load-test-cli.ts), with the settings `npm start` would give the server: `.env`,
 * the JWT secret npm start generated into .data/ (the tokens must verify on the running server),
 * and its database (DATABASE_URL, else 127.0.0.1:5432/mazad, else the embedded PostgreSQL of
 * .data/postgres when that one holds the data). See load-tests/README.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { postgresAnswers } from './lib/databases.cjs';
import { embeddedPostgresUrl } from './lib/postgres.cjs';
import { DATA, given, ROOT } from './lib/start/context.mjs';
import { loadDotEnv } from './lib/start/environment.mjs';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/mazad';
const cli = join(ROOT, 'server', 'dist', 'load-test-cli.js');

const readData = (name) => (existsSync(join(DATA, name)) ? readFileSync(join(DATA, name), 'utf8').trim() : '');

async function main() {
  if (!existsSync(cli)) {
    console.error(
      'load-test: server/dist is missing or old; run `npm run build -w contracts -w server` (or npm start once).',
    );
    process.exit(1);
  }
  loadDotEnv();
  const env = { ...process.env };
  if (!given('JWT_SECRET')) env.JWT_SECRET = readData('jwt-secret');
  if (!env.JWT_SECRET) {
    console.error('load-test: JWT_SECRET is not set and npm start has not generated one in .data/ yet.');
    process.exit(1);
  }
  if (!given('DATABASE_URL')) {
    const embeddedPassword = readData('postgres-password');
    const useEmbedded = !(await postgresAnswers(DEFAULT_DATABASE_URL)) && embeddedPassword;
    env.DATABASE_URL = useEmbedded
      ? embeddedPostgresUrl({
          port: Number(process.env.MAZAD_EMBEDDED_PG_PORT || 5433),
          password: embeddedPassword,
          database: 'mazad',
        })
      : DEFAULT_DATABASE_URL;
  }
  const { status } = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { cwd: ROOT, env, stdio: 'inherit' });
  process.exit(status ?? 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
