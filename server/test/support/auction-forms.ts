import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { jodToFils } from '@mazad/contracts';
import type { TestApp } from './test-app';
import type { TestUser } from './users';

/** A small, valid PNG (a solid colour). */
export async function pngImage(width = 40, height = 30, background = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/**
 * A real PNG over 5 MB: random noise does not compress, and compression is off, so
 * 1400 × 1400 RGB pixels give about 5.9 MB.
 */
export async function oversizedPng(): Promise<Buffer> {
  const width = 1400;
  const height = 1400;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const validAuctionFields = () => ({
  title: 'ساعة يد كلاسيكية',
  description: 'ساعة سويسرية بحالة ممتازة مع العلبة الأصلية',
  category: 'إكسسوارات',
  auctionDuration: '24h',
  startingPrice: '100',
});

export interface UploadFile {
  buffer: Buffer;
  filename?: string;
  contentType?: string;
}

/** POST /api/auctions as multipart: every field as text, every file in `images`. */
export function postAuction(
  t: TestApp,
  who: TestUser | null,
  fields: Record<string, string | undefined>,
  files: (Buffer | UploadFile)[],
) {
  let req = t.http().post('/api/auctions');
  if (who) req = req.set(who.auth);
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) req = req.field(name, value);
  files.forEach((f, i) => {
    const file = Buffer.isBuffer(f) ? { buffer: f } : f;
    req = req.attach('images', file.buffer, {
      filename: file.filename ?? `photo-${i + 1}.png`,
      contentType: file.contentType ?? 'image/png',
    });
  });
  return req;
}

/** Names of the files currently stored in the app's upload folder. */
export function storedFiles(t: TestApp): string[] {
  try {
    return readdirSync(t.config.uploadDir).sort();
  } catch {
    return [];
  }
}

/**
 * Records a bid straight in the database, as the bid engine would (row + price + count), for
 * tests of rules that depend on bids existing.
 */
export async function recordBid(t: TestApp, auctionId: string, bidder: TestUser, amountJod: number): Promise<void> {
  const fils = jodToFils(amountJod)!;
  const db = t.app.get(DataSource);
  await db.query(`INSERT INTO bids (auction_id, bidder_id, amount_fils) VALUES ($1, $2, $3)`, [
    auctionId,
    bidder.user.id,
    fils,
  ]);
  await db.query(
    `UPDATE auctions SET bid_count = bid_count + 1, current_price_fils = GREATEST(current_price_fils, $2) WHERE id = $1`,
    [auctionId, fils],
  );
}

/**
 * Lists an auction through a running server's HTTP API (real processes, not a TestApp) with one
 * image, as the web app does, so its end job is scheduled as in production. Answers its id.
 */
export async function listAuctionOverHttp(
  baseUrl: string,
  token: string,
  fields: Record<string, string> = {},
): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...validAuctionFields(), ...fields })) form.append(k, v);
  form.append('images', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'photo.png');
  const created = await fetch(`${baseUrl}/api/auctions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (created.status !== 201) throw new Error(`POST /api/auctions answered ${created.status}: ${await created.text()}`);
  return ((await created.json()) as { _id: string })._id;
}
