import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { EndAuctionCommand } from '../../src/auctions/commands/end-auction/end-auction.command';
import { createAuction, AuctionFixture } from './auctions';
import type { TestApp } from './test-app';
import type { TestUser } from './users';

/**
 * Sold auctions for the after-sale suites, made the ways production makes them: a buy-now
 * through the API, or a bid through the API and then the end command once the time is up.
 */
export async function soldByBuyNow(
  t: TestApp,
  seller: TestUser,
  buyer: TestUser,
  f: AuctionFixture = {},
): Promise<string> {
  const a = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 200, schedule: false, ...f });
  const res = await t.http().post(`/api/auctions/${a.id}/buy-now`).set(buyer.auth);
  if (res.status !== 200) throw new Error(`buy-now failed: ${res.status} ${JSON.stringify(res.body)}`);
  return a.id;
}

/** `losers` bid first (110, 120, …), then the winner bids 150 and the auction ends. */
export async function soldByBidding(
  t: TestApp,
  seller: TestUser,
  winner: TestUser,
  losers: TestUser[] = [],
): Promise<string> {
  const a = await createAuction(t, seller, { startingPrice: 100, schedule: false });
  const bids: [TestUser, number][] = [...losers.map((l, i): [TestUser, number] => [l, 110 + 10 * i]), [winner, 150]];
  for (const [who, amount] of bids) {
    const res = await t.http().post(`/api/auctions/${a.id}/bid`).set(who.auth).send({ amount });
    if (res.status !== 200) throw new Error(`bid failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const db = t.app.get(DataSource);
  await db.query(`UPDATE auctions SET end_time = now() - interval '1 second' WHERE id = $1`, [a.id]);
  if (!(await t.app.get(CommandBus).execute(new EndAuctionCommand(a.id)))) throw new Error('the auction did not end');
  return a.id;
}

/** Sends a message through the API and returns the response (no status expectation). */
export function sendMessage(t: TestApp, from: TestUser, body: Record<string, unknown>) {
  return t.http().post('/api/messages').set(from.auth).send(body);
}

export async function unreadCount(t: TestApp, who: TestUser): Promise<number> {
  const res = await t.http().get('/api/messages/unread-count').set(who.auth).expect(200);
  return res.body.count;
}
