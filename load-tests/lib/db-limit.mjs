/**
 * The single-writer ceiling: the same one-statement bid write the server uses, on ONE database
 * connection, back to back, against its own auction. With pgbench when installed (its own
 * C client, so the measure is the database's), else a tight Node loop.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const bidStatement = (auctionId, bidderId) => `WITH upd AS (
  UPDATE auctions SET current_price_fils = current_price_fils + 10, bid_count = bid_count + 1,
         end_time = GREATEST(end_time, now() + make_interval(secs => 90)), updated_at = now()
   WHERE id = '${auctionId}' AND status IN ('نشط', 'قيد الانتظار') AND end_time > now()
  RETURNING current_price_fils
), ins AS (
  INSERT INTO bids (auction_id, bidder_id, amount_fils)
  SELECT '${auctionId}', '${bidderId}', current_price_fils FROM upd
  RETURNING id, seq, created_at
)
SELECT (SELECT current_price_fils FROM upd), (SELECT seq FROM ins);`;

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
    const args = ['-n', '-c', '1', '-j', '1', '-T', String(seconds), '-f', script, '-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres'), u.pathname.slice(1)];
    const run = spawnSync('pgbench', args, { encoding: 'utf8', env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password || '') } });
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
