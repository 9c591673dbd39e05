/**
 * The product the scanners attack: built like the browser journeys build it (web/dist when
 * missing or stale), server/dist/main.js on a free port with a fresh PostgreSQL database and
 * Redis prefix, rate limits ON, the API documentation on (the scanners' list of calls), the web
 * app and the console served. Its log (one JSON line per request, with the status) goes to a
 * file in the report folder, so every 5xx of the scan can be counted afterwards.
 *
 * Who scans, and with what (every record is real, so a call's payloads reach its handler):
 * - a member and a seller (the journeys' factory: verified, signed in), an auction each, and two
 *   of the seller's auctions bought by the member (one of them archived), with a chat message and
 *   the member's "won" notification: the after-sale and archive calls are the member's to make;
 * - an operator: the scan's own ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_PANEL_PASSWORD, signed in
 *   through the console's login (admin-login), with what the console's calls name: a banner, a
 *   feature, a contact message, an image of their own for the announcement;
 * - an uploader for the multipart calls: a load-test member made through the fixtures API
 *   (DEPLOYMENT_KIND=load-test, docs/adr/0013-load-test-fixtures-through-the-api.md), exempt
 *   from the request-rate limits, since one sqlmap run sends hundreds of uploads and a member
 *   may make 20 in 10 minutes. Everyone else keeps every limit.
 * - `fresh(kind)`: a new record for a call that uses its record up (a deletion, a purchase, a
 *   new password that signs its member out, a bid's retraction or cancel), so the shared ones
 *   last to the end of the scan.
 *
 * A stand-in for the Telegram Bot API turns the Telegram channel on, so its calls are judged on
 * their input, not answered "channel off" (503) before reading it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../lib/server-process.cjs';
import { ensureBuilt } from '../../web/e2e/support/build.mjs';
import { createDataFactory, makePng } from '../../web/e2e/support/data.mjs';
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

/** Tries of a set-up call the product answers 503 "busy, retry" (AUCTION_BUSY under load). */
const BUSY_TRIES = 5;

/**
 * One call of the product's API for the set-up: JSON in, JSON out, throws with the answer when
 * it is not a success. A 503 is retried after its Retry-After, with the same idempotency key,
 * as a client does (a busy answer is never replayed for a key).
 * @param {string} baseUrl
 * @param {string} what names the step in the error
 * @param {{ method?: string, path: string, token?: string, json?: unknown, form?: FormData, idempotent?: boolean }} request
 */
async function api(baseUrl, what, { method = 'GET', path, token, json, form, idempotent }) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (idempotent) headers['idempotency-key'] = randomUUID();
  for (let tries = 1; ; tries++) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: json !== undefined ? JSON.stringify(json) : form,
    });
    const text = await response.text();
    if (response.status === 503 && tries < BUSY_TRIES) {
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)));
      continue;
    }
    if (!response.ok) throw new Error(`the scan's ${what}: HTTP ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }
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
    // The operator of this run only: random, so no other product's console opens with them.
    const operator = {
      email: `scan-admin.${randomBytes(4).toString('hex')}@example.com`,
      password: randomBytes(12).toString('hex'),
      panelPassword: randomBytes(12).toString('hex'),
    };
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
        ADMIN_EMAIL: operator.email,
        ADMIN_PASSWORD: operator.password,
        ADMIN_PANEL_PASSWORD: operator.panelPassword,
        // A disposable database: the fixtures API answers (it is scanned too), and it makes the
        // uploader. This setting changes nothing else (docs/configuration.md, DEPLOYMENT_KIND).
        DEPLOYMENT_KIND: 'load-test',
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

    const call = (what, request) => api(server.url, what, request);
    const data = createDataFactory({ baseUrl: server.url, databaseUrl: database.url });
    cleanups.push(() => data.close());

    // The members, their auctions and what the after-sale calls need.
    const member = await data.createMember({ name: 'عضو الفحص' });
    const seller = await data.createMember({ name: 'بائع الفحص' });
    const newAuction = (owner) =>
      data.createAuction(owner === 'member' ? member : seller, { buyNowPrice: BUY_NOW_PRICE });
    const buy = (auction) =>
      call('buy-now', {
        method: 'POST',
        path: `/api/auctions/${auction.id}/buy-now`,
        token: member.token,
        json: { expectedPrice: BUY_NOW_PRICE },
        idempotent: true,
      });
    const ownAuction = await newAuction('member');
    const otherAuction = await newAuction('seller');
    const soldAuction = await newAuction('seller');
    await buy(soldAuction);
    // The archive takes a sale ARCHIVE_SOLD_AFTER (24 h) after its end; the scan cannot wait, so
    // a second purchase is moved there as the store's archive transition does (archived_at set).
    const archivedAuction = await newAuction('seller');
    await buy(archivedAuction);
    await data.query('UPDATE auctions SET archived_at = now() WHERE id = $1', [archivedAuction.id]);
    // A message of that conversation: the cursor of the chat's paging calls.
    const { message } = await call('chat message', {
      method: 'POST',
      path: '/api/messages',
      token: member.token,
      json: { auctionId: soldAuction.id, receiverId: seller.id, content: 'مرحباً' },
    });
    // The purchases gave the member "won" notices: one of them is the read-marking call's.
    const { notifications } = await call('notifications', { path: '/api/notifications', token: member.token });
    if (!notifications.length) throw new Error('the scan member has no notification after two purchases');

    // The operator, through the console's own login, and what the console's calls name.
    const signedIn = await call('admin login', {
      method: 'POST',
      path: '/api/auth/admin-login',
      json: { email: operator.email, password: operator.password, adminPassword: operator.panelPassword },
    });
    const admin = { ...operator, id: signedIn.user.id, token: signedIn.token };
    const adminCall = (what, request) => call(what, { ...request, token: admin.token });
    const form = new FormData();
    form.append('image', new Blob([await makePng()], { type: 'image/png' }), 'scan.png');
    const { imageUrl } = await adminCall('admin image', { method: 'POST', path: '/api/upload/images', form });
    admin.images = [imageUrl];

    const fresh = {
      member: () => data.createMember({ name: 'عضو للحذف' }),
      auction: (owner = 'seller') => newAuction(owner),
      banner: async () =>
        (
          await adminCall('banner', {
            method: 'POST',
            path: '/api/banners',
            json: { text: `إعلان الفحص ${randomBytes(2).toString('hex')}`, link: '/auctions' },
          })
        ).data,
      feature: async () =>
        (
          await adminCall('feature', {
            method: 'POST',
            path: '/api/site-content/features',
            json: { icon: '🔒', title: 'ميزة الفحص', description: 'ميزة يفحصها الماسح' },
          })
        ).feature,
      // The contact form answers no id: the operator's list finds the message by its sender.
      // The member's bid on a new auction of the seller's: what a retraction or a cancel uses up.
      bid: async () => {
        const auction = await newAuction('seller');
        const { bid } = await call('bid', {
          method: 'POST',
          path: `/api/auctions/${auction.id}/bid`,
          token: member.token,
          json: { amount: 20 },
          idempotent: true,
        });
        return { id: bid.id, auctionId: auction.id };
      },
      contactMessage: async () => {
        const email = `scan.contact.${randomBytes(4).toString('hex')}@example.com`;
        await call('contact message', {
          method: 'POST',
          path: '/api/contact',
          json: { name: 'زائر الفحص', email, subject: 'support', message: 'رسالة يفحصها الماسح الأمني' },
        });
        const { messages } = await adminCall('contact messages', {
          path: `/api/admin/contact-messages?limit=200`,
        });
        const found = messages.find((m) => m.email === email);
        if (!found) throw new Error(`the scan's contact message from ${email} is not in the console's list`);
        return found;
      },
    };

    // The uploader: a load-test member, exempt from the upload limits (see above).
    const fixtures = await adminCall('load-test uploader', {
      method: 'POST',
      path: '/api/admin/load-test/fixtures',
      json: { members: 1, auctions: 1 },
    });
    const uploader = fixtures.members[0];

    return {
      url: server.url,
      logFile,
      member,
      seller,
      admin,
      uploader,
      ownAuction,
      otherAuction,
      soldAuction,
      archivedAuction,
      message,
      notification: notifications[0],
      banner: await fresh.banner(),
      feature: await fresh.feature(),
      contactMessage: await fresh.contactMessage(),
      bid: await fresh.bid(),
      buyNowPrice: BUY_NOW_PRICE,
      fresh,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
