import { EventBus } from '@nestjs/cqrs';
import { AuctionStatus, jodToFils } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuctionEntity } from '../../src/auctions/entities/auction.entity';
import { AuctionCreatedEvent } from '../../src/auctions/events/auction-created.event';
import type { TestApp } from './test-app';
import type { TestUser } from './users';

export interface AuctionFixture {
  startingPrice?: number;
  buyNowPrice?: number | null;
  /** Seconds from now (by the database clock) until the end; negative for an overdue auction. */
  endsInSeconds?: number;
  title?: string;
  description?: string;
  category?: string;
  status?: AuctionStatus;
  /** Publish AuctionCreatedEvent so the end job is scheduled (as the create endpoint does). */
  schedule?: boolean;
}

/**
 * Inserts an open auction straight into the database, for tests about bidding and ending
 * (the create endpoint, with its image uploads, has suites of its own).
 */
export async function createAuction(t: TestApp, seller: TestUser, f: AuctionFixture = {}): Promise<AuctionEntity> {
  const db = t.app.get(DataSource);
  const startingFils = jodToFils(f.startingPrice ?? 100)!;
  const [row] = await db.query(
    `INSERT INTO auctions (seller_id, title, description, category, status, images, starting_price_fils,
                           current_price_fils, buy_now_price_fils, auction_duration, start_time, end_time)
     VALUES ($1, $2, $8, $3, $4, ARRAY['/uploads/test.webp'], $5, $5, $6, '1h', now(),
             now() + make_interval(secs => $7))
     RETURNING id`,
    [
      seller.user.id,
      f.title ?? 'مزاد تجريبي',
      f.category ?? 'إلكترونيات',
      f.status ?? AuctionStatus.Active,
      startingFils,
      f.buyNowPrice == null ? null : jodToFils(f.buyNowPrice),
      f.endsInSeconds ?? 3600,
      f.description ?? 'وصف تجريبي للمزاد',
    ],
  );
  const auction = await db.getRepository(AuctionEntity).findOneByOrFail({ id: row.id });
  if (f.schedule ?? true) t.app.get(EventBus).publish(new AuctionCreatedEvent(auction.id, auction.endTime));
  return auction;
}

export async function reloadAuction(t: TestApp, id: string): Promise<AuctionEntity> {
  return t.app.get(DataSource).getRepository(AuctionEntity).findOneByOrFail({ id });
}

export interface StoredBid {
  id: string;
  seq: number;
  bidderId: string;
  amountFils: number;
  isCancelled: boolean;
  createdAt: Date;
}

export async function storedBids(t: TestApp, auctionId: string): Promise<StoredBid[]> {
  const rows = await t.app
    .get(DataSource)
    .query(
      `SELECT id, seq, bidder_id, amount_fils, is_cancelled, created_at FROM bids WHERE auction_id = $1 ORDER BY seq`,
      [auctionId],
    );
  return rows.map(
    (r: {
      id: string;
      seq: string;
      bidder_id: string;
      amount_fils: string;
      is_cancelled: boolean;
      created_at: Date;
    }) => ({
      id: r.id,
      seq: Number(r.seq),
      bidderId: r.bidder_id,
      amountFils: Number(r.amount_fils),
      isCancelled: r.is_cancelled,
      createdAt: r.created_at,
    }),
  );
}

/** Polls until `check` returns a truthy value (or fails after `timeoutMs`). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
