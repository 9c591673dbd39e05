/**
 * Test data made directly: members inserted with SQL (argon2id hashes, verified), signed in
 * through the real API; auctions listed through the real API (multipart, a small PNG made
 * with sharp).
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const argon2 = require('argon2');

let counter = 0;
export const PASSWORD = 'secret123';

export function uniqueEmail(tag = 'member') {
  counter += 1;
  return `${tag}.${Date.now()}.${counter}.${randomBytes(2).toString('hex')}@example.com`;
}

async function json(res, what) {
  const text = await res.text();
  let body;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${typeof body === 'string' ? body : JSON.stringify(body)}`);
  return body;
}

/** Small coloured PNG (content-checked and re-encoded by the server). */
export async function makePng(colour = { r: 15, g: 118, b: 110 }, width = 96, height = 72) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export function createDataFactory({ baseUrl, databaseUrl }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let passwordHash;
  let members = 0;

  async function hash() {
    // Cheaper argon2id parameters than production: tests create several members.
    passwordHash ??= await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 4096, timeCost: 2 });
    return passwordHash;
  }

  /** A verified member, signed in: { id, name, email, password, token, user }. */
  async function createMember({ name = 'عضو تجريبي', location = 'عمّان', verified = true } = {}) {
    const email = uniqueEmail();
    const { rows } = await pool.query(
      `INSERT INTO users (name, email, phone, location, password_hash, is_verified) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [name, email, '+962 79 123 4567', location, await hash(), verified],
    );
    // Each member acts from an address of their own, as real members do (the server trusts
    // X-Forwarded-For from loopback, as behind its proxy): the journeys together list more
    // auctions than one address may in 10 minutes (R-RATE-LIMITS), one member never does.
    members += 1;
    const address = `10.77.${(members >> 8) & 255}.${members & 255}`;
    const member = { id: rows[0].id, name, email, password: PASSWORD, address };
    if (!verified) return member;
    const login = await json(
      await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      }),
      `login ${email}`,
    );
    return { ...member, token: login.token, user: login.user };
  }

  /** Lists an auction as `seller` through POST /api/auctions. */
  async function createAuction(seller, fields = {}) {
    const form = new FormData();
    const values = {
      title: fields.title ?? `مزاد تجريبي ${randomBytes(3).toString('hex')}`,
      description: fields.description ?? 'منتج بحالة ممتازة للاختبار',
      category: fields.category ?? 'متنوعة',
      auctionDuration: fields.auctionDuration ?? '1h',
      startingPrice: String(fields.startingPrice ?? 10),
    };
    if (fields.buyNowPrice !== undefined) values.buyNowPrice = String(fields.buyNowPrice);
    for (const [key, value] of Object.entries(values)) form.append(key, value);
    const images = fields.images ?? [await makePng()];
    images.forEach((buffer, i) =>
      form.append('images', new Blob([buffer], { type: 'image/png' }), `image-${i + 1}.png`),
    );
    return json(
      await fetch(`${baseUrl}/api/auctions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seller.token}`, 'x-forwarded-for': seller.address },
        body: form,
      }),
      'create auction',
    );
  }

  async function placeBid(member, auctionId, amount) {
    return json(
      await fetch(`${baseUrl}/api/auctions/${auctionId}/bid`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${member.token}`,
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify({ amount }),
      }),
      'bid',
    );
  }

  /** Sets `member`'s secret maximum (R-MAX-BID) through PUT …/max-bid. */
  async function setMaxBid(member, auctionId, amount) {
    return json(
      await fetch(`${baseUrl}/api/auctions/${auctionId}/max-bid`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${member.token}`,
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify({ amount }),
      }),
      'max bid',
    );
  }

  /** Buys at the buy-now price `expectedPrice` (JOD) the buyer was shown. */
  async function buyNow(member, auctionId, expectedPrice) {
    return json(
      await fetch(`${baseUrl}/api/auctions/${auctionId}/buy-now`, {
        method: 'POST',
        headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ expectedPrice }),
      }),
      'buy now',
    );
  }

  async function getAuction(auctionId) {
    return json(await fetch(`${baseUrl}/api/auctions/${auctionId}`), 'get auction');
  }

  /** Raw SQL on the journey's database, for states the API cannot make quickly (auctions ended long ago). */
  const query = (text, params = []) => pool.query(text, params);

  return { createMember, createAuction, placeBid, setMaxBid, buyNow, getAuction, query, close: () => pool.end() };
}
