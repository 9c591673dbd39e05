import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AppConfig, ConfigError } from './config/app-config';
import { LoadTestCliModule } from './load-test-cli.module';
import { LoadTestFixturesService, LoadTestRefusal } from './load-test/load-test-fixtures.service';

/** `npm run load:prepare` / `npm run load:clean` (through scripts/load-test.mjs): see load-tests/README.md. */
const USAGE = `Usage (from the repository root):
  npm run load:prepare -- [--members 200] [--out load-tests/results/fixtures.json]
                          [--base-url http://localhost:3000] [--starting-price 1] [--duration 24h]
  npm run load:clean

Reads the server's configuration from the environment (DATABASE_URL, REDIS_URL, REDIS_PREFIX,
JWT_SECRET, UPLOAD_DIR…; the root script fills in what npm start would). Writes only to a
database recorded as a development or load-test deployment (DEPLOYMENT_KIND).`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      members: { type: 'string', default: '200' },
      out: { type: 'string', default: 'load-tests/results/fixtures.json' },
      'base-url': { type: 'string' },
      'starting-price': { type: 'string', default: '1' },
      duration: { type: 'string', default: '24h' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals[0];
  if (values.help || (command !== 'prepare' && command !== 'clean')) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const members = Number(values.members);
  const startingPrice = Number(values['starting-price']);
  if (!Number.isInteger(members) || members < 1 || members > 10_000) throw new LoadTestRefusal('--members: 1 to 10000');
  if (!(startingPrice > 0)) throw new LoadTestRefusal('--starting-price: a price in JOD above 0');

  const config = AppConfig.fromEnvironment();
  const app = await NestFactory.createApplicationContext(LoadTestCliModule.forRoot(config), {
    logger: ['error', 'warn'],
  });
  try {
    const fixtures = app.get(LoadTestFixturesService);
    if (command === 'clean') {
      const removed = await fixtures.clean();
      console.log(
        `Removed ${removed.members} load-test members, ${removed.auctions} auctions and ${removed.bids} bids.`,
      );
      return;
    }
    const prepared = await fixtures.prepare({ members, startingPrice, duration: values.duration });
    const baseUrl = (values['base-url'] ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
    const out = resolve(values.out);
    mkdirSync(dirname(out), { recursive: true });
    // Holds bearer tokens: readable by its owner only.
    writeFileSync(out, `${JSON.stringify({ baseUrl, ...prepared }, null, 2)}\n`, { mode: 0o600 });
    console.log(
      `Prepared ${prepared.members.length} load-test members and the hot auction ${prepared.auctionId} ` +
        `(ends ${prepared.endTime}); fixtures written to ${out}`,
    );
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  const known = err instanceof LoadTestRefusal || err instanceof ConfigError;
  console.error(known ? `load-test: ${err.message}` : err);
  process.exit(1);
});
