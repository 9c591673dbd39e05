import { CommandBus } from '@nestjs/cqrs';
import {
  AuctionStatus,
  SocketEvents,
  type AuctionOutcomePayload,
  type ConversationCreatedPayload,
  type DealConfirmedPayload,
  type RatedPayload,
} from '@mazad/contracts';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { EndAuctionCommand } from '../src/auctions/commands/end-auction/end-auction.command';
import { createAuction } from './support/auctions';
import { ProcessCluster } from './support/process-cluster';
import type { ServerProcess } from './support/server-process';
import { connectSocket, joinAuction, nextEvent } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/** The per-member events: each goes to the `user:<id>` rooms of the members it concerns, and only there. */
const MEMBER_EVENTS = [
  SocketEvents.AuctionSold,
  SocketEvents.AuctionWon,
  SocketEvents.AuctionUnsold,
  SocketEvents.ConversationCreated,
  SocketEvents.DealConfirmed,
  SocketEvents.Rated,
];

/** Every member event a socket hears, by name. */
function memberEventsOf(socket: Socket): { event: string; payload: unknown }[] {
  const heard: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => {
    if ((MEMBER_EVENTS as string[]).includes(event)) heard.push({ event, payload });
  });
  return heard;
}

/**
 * Asserts a bystander heard none of the member events. A round trip on its own socket first:
 * frames on one connection arrive in order, so anything emitted to it before the answer has
 * arrived by then.
 */
async function expectSilence(socket: Socket, heard: unknown[], anyAuctionId: string) {
  await joinAuction(socket, anyAuctionId);
  expect(heard).toEqual([]);
}

describe('per-member events (one server)', () => {
  let t: TestApp;
  let seller: TestUser;
  let winner: TestUser;
  let bystander: TestUser;
  let sellerSocket: Socket;
  let winnerSocket: Socket;
  let bystanderSocket: Socket;
  let bystanderHeard: { event: string; payload: unknown }[];

  beforeAll(async () => {
    t = await startTestApp();
    seller = await createUser(t, { name: 'البائع' });
    winner = await createUser(t, { name: 'الفائز' });
    bystander = await createUser(t, { name: 'عضو آخر' });
    [sellerSocket, winnerSocket, bystanderSocket] = await Promise.all(
      [seller, winner, bystander].map((m) => connectSocket(t.url, m.token)),
    );
    bystanderHeard = memberEventsOf(bystanderSocket);
  });
  afterEach(() => bystanderHeard.splice(0));
  afterAll(async () => {
    [sellerSocket, winnerSocket, bystanderSocket].forEach((s) => s.disconnect());
    await t.close();
  });

  /** An auction whose time ran out with `bids`, ended by the end command (as the end job does). */
  async function endedAuction(bids: { who: TestUser; amount: number }[]) {
    const auction = await createAuction(t, seller, { startingPrice: 50, title: 'ساعة يد', schedule: false });
    for (const { who, amount } of bids) {
      await t.http().post(`/api/auctions/${auction.id}/bid`).set(who.auth).send({ amount }).expect(200);
    }
    await t.app
      .get(DataSource)
      .query(`UPDATE auctions SET end_time = now() - interval '1 second' WHERE id = $1`, [auction.id]);
    return {
      id: auction.id,
      end: async () => expect(await t.app.get(CommandBus).execute(new EndAuctionCommand(auction.id))).toBe(true),
    };
  }

  it('a sale at the end: auction_sold to the seller, auction_won to the winner, conversation_created to both; nobody else hears', async () => {
    const auction = await endedAuction([{ who: winner, amount: 60 }]);
    const forAuction = (p: { auctionId: string }) => p.auctionId === auction.id;
    const sold = nextEvent<AuctionOutcomePayload>(sellerSocket, SocketEvents.AuctionSold, forAuction);
    const won = nextEvent<AuctionOutcomePayload>(winnerSocket, SocketEvents.AuctionWon, forAuction);
    const sellerChat = nextEvent<ConversationCreatedPayload>(
      sellerSocket,
      SocketEvents.ConversationCreated,
      forAuction,
    );
    const winnerChat = nextEvent<ConversationCreatedPayload>(
      winnerSocket,
      SocketEvents.ConversationCreated,
      forAuction,
    );
    const sellerHeard = memberEventsOf(sellerSocket);
    const winnerHeard = memberEventsOf(winnerSocket);
    await auction.end();

    const outcome = {
      auctionId: auction.id,
      title: 'ساعة يد',
      status: AuctionStatus.Sold,
      currentPrice: 60,
      seller: { _id: seller.user.id, id: seller.user.id, name: 'البائع' },
      winner: { _id: winner.user.id, id: winner.user.id, name: 'الفائز' },
    };
    // Slim: exactly these fields (no location, description, bids or anything else of either party).
    expect(await sold).toEqual(outcome);
    expect(await won).toEqual(outcome);
    const conversation = { auctionId: auction.id, title: 'ساعة يد', seller: outcome.seller, winner: outcome.winner };
    expect(await sellerChat).toEqual(conversation);
    expect(await winnerChat).toEqual(conversation);
    await expectSilence(bystanderSocket, bystanderHeard, auction.id);
    // Each party hears its own events only: the seller no auction_won, the winner no auction_sold.
    await joinAuction(sellerSocket, auction.id);
    await joinAuction(winnerSocket, auction.id);
    expect(sellerHeard.map((h) => h.event).sort()).toEqual([
      SocketEvents.AuctionSold,
      SocketEvents.ConversationCreated,
    ]);
    expect(winnerHeard.map((h) => h.event).sort()).toEqual([SocketEvents.AuctionWon, SocketEvents.ConversationCreated]);
  });

  it('an end without bids: auction_unsold to the seller only', async () => {
    const auction = await endedAuction([]);
    const unsold = nextEvent<AuctionOutcomePayload>(
      sellerSocket,
      SocketEvents.AuctionUnsold,
      (p) => p.auctionId === auction.id,
    );
    const winnerHeard = memberEventsOf(winnerSocket);
    await auction.end();
    expect(await unsold).toMatchObject({ auctionId: auction.id, status: AuctionStatus.Unsold, winner: null });
    await expectSilence(bystanderSocket, bystanderHeard, auction.id);
    await expectSilence(winnerSocket, winnerHeard, auction.id);
  });

  it('deal_confirmed to both parties when the winner confirms; rated to the seller and the rater; nobody else hears', async () => {
    const auction = await endedAuction([{ who: winner, amount: 70 }]);
    await auction.end();

    const forAuction = (p: { auctionId: string }) => p.auctionId === auction.id;
    const sellerDeal = nextEvent<DealConfirmedPayload>(sellerSocket, SocketEvents.DealConfirmed, forAuction);
    const winnerDeal = nextEvent<DealConfirmedPayload>(winnerSocket, SocketEvents.DealConfirmed, forAuction);
    const confirmed = await t.http().put(`/api/auctions/${auction.id}/confirm-deal`).set(winner.auth).expect(200);
    const deal = {
      auctionId: auction.id,
      confirmedBy: winner.user.id,
      dealConfirmedAt: confirmed.body.auction.dealConfirmedAt,
    };
    expect(deal.dealConfirmedAt).toEqual(expect.any(String));
    expect(await sellerDeal).toEqual(deal);
    expect(await winnerDeal).toEqual(deal);

    const sellerRated = nextEvent<RatedPayload>(sellerSocket, SocketEvents.Rated, forAuction);
    const winnerRated = nextEvent<RatedPayload>(winnerSocket, SocketEvents.Rated, forAuction);
    await t
      .http()
      .post(`/api/users/${seller.user.id}/rate`)
      .set(winner.auth)
      .send({ auctionId: auction.id, stars: 4, comment: 'تعليق خاص لا يُرسل' })
      .expect(201);
    const rated = { auctionId: auction.id, raterId: winner.user.id, ratedUserId: seller.user.id, stars: 4 };
    expect(await sellerRated).toEqual(rated);
    expect(await winnerRated).toEqual(rated);
    await expectSilence(bystanderSocket, bystanderHeard, auction.id);
  });

  it('a deal confirmed from the archive tells the seller too', async () => {
    const auction = await endedAuction([{ who: winner, amount: 80 }]);
    await auction.end();
    await t.app.get(DataSource).query(`UPDATE auctions SET archived_at = now() WHERE id = $1`, [auction.id]);
    const sellerDeal = nextEvent<DealConfirmedPayload>(
      sellerSocket,
      SocketEvents.DealConfirmed,
      (p) => p.auctionId === auction.id,
    );
    await t
      .http()
      .patch(`/api/users/${winner.user.id}/confirm-archived-deal/${auction.id}`)
      .set(winner.auth)
      .expect(200);
    expect(await sellerDeal).toMatchObject({ auctionId: auction.id, confirmedBy: winner.user.id });
    await expectSilence(bystanderSocket, bystanderHeard, auction.id);
  });
});

/**
 * Two real server processes sharing PostgreSQL and Redis: a purchase and a confirmation made
 * through A reach the parties' sockets on B (the Redis adapter). Needs the compiled server
 * (`npm run build -w server`; `npm test` builds first).
 */
describe('per-member events across two server processes', () => {
  const cluster = new ProcessCluster();
  let a: ServerProcess;
  let b: ServerProcess;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    await cluster.open();
    [a, b] = await Promise.all([cluster.start(), cluster.start()]);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await cluster.close();
  });

  const call = async (
    server: ServerProcess,
    path: string,
    headers: Record<string, string>,
    method: string,
    body?: unknown,
  ) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.status;
  };

  it('buy-now through A: auction_sold, auction_won and conversation_created reach B; deal_confirmed too; a bystander on B hears nothing', async () => {
    const seller = await cluster.member('البائع');
    const buyer = await cluster.member('المشتري');
    const other = await cluster.member('عضو آخر');
    const auctionId = await cluster.auction(seller.id, 3600, { title: 'دراجة', buyNowFils: 50_000 });
    const [sellerOnB, buyerOnB, otherOnB] = await Promise.all(
      [seller, buyer, other].map((m) => connectSocket(b.url, m.token)),
    );
    sockets.push(sellerOnB, buyerOnB, otherOnB);
    const otherHeard = memberEventsOf(otherOnB);

    const sold = nextEvent<AuctionOutcomePayload>(sellerOnB, SocketEvents.AuctionSold);
    const won = nextEvent<AuctionOutcomePayload>(buyerOnB, SocketEvents.AuctionWon);
    const sellerChat = nextEvent(sellerOnB, SocketEvents.ConversationCreated);
    const buyerChat = nextEvent(buyerOnB, SocketEvents.ConversationCreated);
    expect(await call(a, `/api/auctions/${auctionId}/buy-now`, buyer.headers, 'POST', { expectedPrice: 50 })).toBe(200);
    const outcome = { auctionId, status: AuctionStatus.Sold, currentPrice: 50, winner: { _id: buyer.id } };
    expect(await sold).toMatchObject(outcome);
    expect(await won).toMatchObject(outcome);
    expect(await sellerChat).toMatchObject({ auctionId, seller: { _id: seller.id }, winner: { _id: buyer.id } });
    expect(await buyerChat).toMatchObject({ auctionId });

    const sellerDeal = nextEvent<DealConfirmedPayload>(sellerOnB, SocketEvents.DealConfirmed);
    expect(await call(a, `/api/auctions/${auctionId}/confirm-deal`, buyer.headers, 'PUT')).toBe(200);
    expect(await sellerDeal).toMatchObject({ auctionId, confirmedBy: buyer.id });
    await expectSilence(otherOnB, otherHeard, auctionId);
  });
});
