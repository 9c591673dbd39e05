#!/usr/bin/env node
/**
 * `npm run load:prepare` / `npm run load:clean`: load-test fixtures made and removed through the
 * deployment's admin API (POST / DELETE /api/admin/load-test/fixtures) with an operator's
 * admin-session token: no database, Redis or JWT secret access (docs/adr/0013-load-test-fixtures-through-the-api.md).
 * See load-tests/README.md.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DATA, ROOT } from './lib/start/context.mjs';
import { loadDotEnv } from './lib/start/environment.mjs';

const USAGE = `Usage (from the repository root):
  npm run load:prepare -- [--members 200] [--auctions 1] [--starting-price 1] [--duration 24h]
                          [--base-url http://localhost:3000] [--out load-tests/results/fixtures.json]
  npm run load:clean   -- [--base-url http://localhost:3000]

Signs in to the deployment's console API as an operator: ADMIN_EMAIL, ADMIN_PASSWORD and
ADMIN_PANEL_PASSWORD from the environment or .env (else the demo admin npm start generated in
.data/demo-admin.json). --base-url defaults to BASE_URL, else http://localhost:$PORT (3000).
The deployment makes fixtures only when it runs with DEPLOYMENT_KIND=load-test or development.`;

class UsageError extends Error {}

/** The contracts' route table (built by `npm run build -w contracts`). */
async function contracts() {
  try {
    return await import('@mazad/contracts');
  } catch {
    throw new UsageError('contracts/dist is missing; run `npm run build -w contracts` first.');
  }
}

/** The operator's credentials: the environment, else the demo admin of npm start. */
function operator() {
  const demoFile = join(DATA, 'demo-admin.json');
  const demo = existsSync(demoFile) ? JSON.parse(readFileSync(demoFile, 'utf8')) : {};
  const credentials = {
    email: process.env.ADMIN_EMAIL || demo.adminEmail,
    password: process.env.ADMIN_PASSWORD || demo.adminPassword,
    adminPassword: process.env.ADMIN_PANEL_PASSWORD || demo.adminPanelPassword,
  };
  if (!credentials.email || !credentials.password || !credentials.adminPassword) {
    throw new UsageError(
      'set ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_PANEL_PASSWORD (the console sign-in) for this deployment.',
    );
  }
  return credentials;
}

/** One JSON call; a refusal throws with the server's code and Arabic message. */
async function call(baseUrl, route, { token, body } = {}) {
  const res = await fetch(`${baseUrl}${route.path}`, {
    method: route.method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  }).catch((err) => {
    throw new UsageError(`${baseUrl} does not answer (${err.cause?.code ?? err.message}); is the deployment up?`);
  });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok)
    throw new UsageError(`${route.method} ${route.path}: ${res.status} ${answer.code ?? ''} ${answer.message ?? ''}`);
  return answer;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      members: { type: 'string', default: '200' },
      auctions: { type: 'string', default: '1' },
      'starting-price': { type: 'string', default: '1' },
      duration: { type: 'string', default: '24h' },
      'base-url': { type: 'string' },
      out: { type: 'string', default: 'load-tests/results/fixtures.json' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals[0];
  if (values.help || (command !== 'prepare' && command !== 'clean')) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  loadDotEnv();
  const baseUrl = (
    values['base-url'] ||
    process.env.BASE_URL ||
    `http://localhost:${process.env.PORT || 3000}`
  ).replace(/\/+$/, '');
  const { routes } = await contracts();
  const { token } = await call(baseUrl, routes.auth.adminLogin, { body: operator() });

  if (command === 'clean') {
    const { removed } = await call(baseUrl, routes.admin.loadTestClean, { token });
    console.log(`Removed ${removed.members} load-test members, ${removed.auctions} auctions and ${removed.bids} bids.`);
    return;
  }
  const { success: _, ...fixtures } = await call(baseUrl, routes.admin.loadTestPrepare, {
    token,
    body: {
      members: Number(values.members),
      auctions: Number(values.auctions),
      startingPrice: Number(values['starting-price']),
      duration: values.duration,
    },
  });
  const out = resolve(ROOT, values.out);
  mkdirSync(dirname(out), { recursive: true });
  // Holds bearer tokens: readable by its owner only.
  writeFileSync(out, `${JSON.stringify({ baseUrl, ...fixtures }, null, 2)}\n`, { mode: 0o600 });
  console.log(
    `Prepared ${fixtures.members.length} load-test members and ${fixtures.auctionIds.length} auction(s), the hot one ` +
      `${fixtures.auctionId} (ends ${fixtures.endTime}); fixtures written to ${out}`,
  );
}

main().catch((err) => {
  console.error(err instanceof UsageError ? `load-test: ${err.message}` : err);
  process.exit(1);
});
