/**
 * The product the scanners attack: built like the browser journeys build it (web/dist when
 * missing or stale), server/dist/main.js on a free port with a fresh PostgreSQL database and
 * Redis prefix, rate limits ON, the API documentation on (the scanners' list of calls), the web
 * app and the console served. Its log (one JSON line per request, with the status) goes to a
 * file in the report folder, so every 5xx of the scan can be counted afterwards. Test data come
 * from the journeys' factory: two verified members signed in, an auction each, and one of the
 * seller's auctions bought by the member (so the after-sale calls, chat, deal and rating, are
 * the member's to make). A stand-in for the Telegram Bot API turns the Telegram channel on,
 * so its calls are judged on their input, not answered "channel off" (503) before reading it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../lib/server-process.cjs';
import { ensureBuilt } from '../../web/e2e/support/build.mjs';
import { createDataFactory } from '../../web/e2e/support/data.mjs';
import { ADMIN_DIST, ROOT_DIR, WEB_DIST } from '../../web/e2e/support/paths.mjs';
import {
  checkRedis,
  clearRedis,
  createDatabase,
  dropDatabase,
  redisSettings,
} from '../../web/e2e/support/services.mjs';

/** The buy-now price of the scan's auctions (the buy-now call must name it). */
const BUY_NOW_PRICE = 500;

/**
 * A Telegram Bot API that knows no chats: every method answers ok with nothing, so the product
 * treats the channel as on and nobody as linked to it.
 */
async function startFakeTelegram() {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ ok: true, result: req.url?.endsWith('/getUpdates') ? [] : true }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Starts the product; `stop()` removes everything it made (server, database, Redis keys, temp
 * folder), also after a partial start.
 * @param {{ reportDir: string, port?: number, log?: (line: string) => void }} options
 */
export async function startProduct({ reportDir, port, log = console.log }) {
  const cleanups = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`scan clean-up failed: ${error.message}`);
      }
    }
  };
  try {
    // MAZAD_SKIP_BUILDS=true takes the builds as they are (as it does for npm start).
    if (process.env.MAZAD_SKIP_BUILDS !== 'true') ensureBuilt(log);
    const redis = redisSettings('mazad_scan');
    await checkRedis(redis.url);
    const database = await createDatabase('mazad_scan');
    cleanups.push(() => dropDatabase(database.name));
    cleanups.push(() => clearRedis(redis.url, redis.prefix));
    const temp = mkdtempSync(join(tmpdir(), 'mazad-scan-'));
    cleanups.push(() => rmSync(temp, { recursive: true, force: true }));
    for (const dir of ['outbox', 'uploads']) mkdirSync(join(temp, dir));

    mkdirSync(reportDir, { recursive: true });
    const telegram = await startFakeTelegram();
    cleanups.push(() => telegram.stop());
    const logFile = join(reportDir, 'server.log');
    const logFd = openSync(logFile, 'w');
    const server = await startServerProcess(
      {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        REDIS_PREFIX: redis.prefix,
        JWT_SECRET: randomBytes(32).toString('hex'),
        WEB_DIST_DIR: WEB_DIST,
        ADMIN_DIST_DIR: ADMIN_DIST,
        SEED_DEMO: 'false',
        RATE_LIMITS: 'on',
        API_DOCS: 'on',
        TELEGRAM_API_URL: telegram.url,
        TELEGRAM_BOT_TOKEN: `123456:scan-${randomUUID()}`,
        MAIL_OUTBOX_DIR: join(temp, 'outbox'),
        UPLOAD_DIR: join(temp, 'uploads'),
        // info: one line per request with its status (5xx at error level), read by server-log.mjs.
        LOG_LEVEL: 'info',
      },
      { cwd: ROOT_DIR, port, stdio: ['ignore', logFd, logFd] },
    )
      .catch((error) => {
        throw new Error(`${error.message}:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
      })
      .finally(() => closeSync(logFd));
    cleanups.push(() => server.stop());
    log(`scan: product on ${server.url} (pid ${server.pid}), database ${database.name}, redis prefix ${redis.prefix}`);

    const data = createDataFactory({ baseUrl: server.url, databaseUrl: database.url });
    cleanups.push(() => data.close());
    const member = await data.createMember({ name: 'عضو الفحص' });
    const seller = await data.createMember({ name: 'بائع الفحص' });
    const newAuction = (owner) =>
      data.createAuction(owner === 'member' ? member : seller, { buyNowPrice: BUY_NOW_PRICE });
    const ownAuction = await newAuction('member');
    const otherAuction = await newAuction('seller');
    const soldAuction = await newAuction('seller');
    const bought = await fetch(`${server.url}/api/auctions/${soldAuction.id}/buy-now`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${member.token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ expectedPrice: BUY_NOW_PRICE }),
    });
    if (!bought.ok)
      throw new Error(`buy-now for the scan's sold auction: HTTP ${bought.status} ${await bought.text()}`);
    // A message of that conversation: the cursor of the chat's paging calls.
    const sent = await fetch(`${server.url}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ auctionId: soldAuction.id, receiverId: seller.id, content: 'مرحباً' }),
    });
    if (!sent.ok) throw new Error(`the scan's chat message: HTTP ${sent.status} ${await sent.text()}`);
    const { message } = await sent.json();
    return {
      url: server.url,
      logFile,
      member,
      seller,
      ownAuction,
      otherAuction,
      soldAuction,
      message,
      buyNowPrice: BUY_NOW_PRICE,
      newAuction,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
