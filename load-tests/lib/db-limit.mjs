/**
 * The single-writer ceiling: the same one-statement bid write the server uses, on ONE database
 * connection, back to back, against its own auction. With pgbench when installed (its own
 * C client, so the measure is the database's), else a tight Node loop.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const require = createRequire(import.meta.url);

/**
 * The engine's own bid statement (server/src/auctions/store/auction-store.ts, `writeBidsSql`) with
 * the server's anti-sniping extension (BID_EXTENSION through the server's config, 90 s by
 * default), so this ceiling cannot drift from BidWriter. One bid per statement, 10 fils above
 * the stored price; the inputs are SQL expressions instead of bind parameters so that pgbench
 * can run the statement as it is.
 */
function bidStatement(auctionId, bidderId) {
  const { writeBidsSql } = require(join(ROOT, 'server', 'dist', 'auctions', 'store', 'auction-store.js'));
  const { AppConfig } = require(join(ROOT, 'server', 'dist', 'config', 'app-config.js'));
  const { bidExtensionSeconds } = AppConfig.fromEnvironment({
    JWT_SECRET: 'x'.repeat(32),
    BID_EXTENSION: process.env.BID_EXTENSION,
  });
  const price = `(SELECT current_price_fils FROM auctions WHERE id = '${auctionId}')`;
  return (
    writeBidsSql({
      auctionId: `'${auctionId}'::uuid`,
      expectedPriceFils: price,
      newPriceFils: `${price} + 10`,
      bidCount: '1',
      extensionSeconds: String(bidExtensionSeconds),
      bidderIds: `ARRAY['${bidderId}']::uuid[]`,
      amountsFils: `ARRAY[${price} + 10]::bigint[]`,
    }) + ';'
  );
}

function pgbenchAvailable() {
  return spawnSync('pgbench', ['--version'], { encoding: 'utf8' }).status === 0;
}

export async function measureDbSingleWriter(databaseUrl, auctionId, bidderId, seconds) {
  const sql = bidStatement(auctionId, bidderId);
  if (pgbenchAvailable()) {
    const dir = mkdtempSync(join(tmpdir(), 'mazad-pgbench-'));
    const script = join(dir, 'bid.sql');
    writeFileSync(script, sql.replace(/\n\s*/g, ' ') + '\n');
    const u = new URL(databaseUrl);
    const args = [
      '-n',
      '-c',
      '1',
      '-j',
      '1',
      '-T',
      String(seconds),
      '-f',
      script,
      '-h',
      u.hostname,
      '-p',
      u.port || '5432',
      '-U',
      decodeURIComponent(u.username || 'postgres'),
      u.pathname.slice(1),
    ];
    const run = spawnSync('pgbench', args, {
      encoding: 'utf8',
      env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password || '') },
    });
    const match = /tps = ([\d.]+)/.exec(run.stdout);
    if (run.status === 0 && match) return { tool: 'pgbench', tps: Number(match[1]) };
    console.warn('pgbench failed, falling back to a Node loop:', run.stderr || run.stdout);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let count = 0;
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    await client.query(sql);
    count++;
  }
  await client.end();
  return { tool: 'node-loop', tps: count / seconds };
}
