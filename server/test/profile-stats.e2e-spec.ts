import { AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { createAuction } from './support/auctions';
import { soldByBidding, soldByBuyNow } from './support/sales';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/** GET /api/users/{id}/stats and the profile lists' after-sale fields. */
describe('profile statistics', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const stats = async (who: TestUser) => (await t.http().get(`/api/users/${who.user.id}/stats`).expect(200)).body;

  it('answers zeros for a new member', async () => {
    const member = await createUser(t);
    expect(await stats(member)).toEqual({
      success: true,
      totalAuctions: 0,
      activeAuctions: 0,
      soldAuctions: 0,
      unsoldAuctions: 0,
      totalBids: 0,
      wonAuctions: 0,
    });
  });

  it('counts auctions by state, bids placed by the member and auctions won; deleted ones never count', async () => {
    const seller = await createUser(t);
    const buyer = await createUser(t);
    const rival = await createUser(t);

    const open = await createAuction(t, seller, { schedule: false });
    await createAuction(t, seller, { schedule: false });
    await createAuction(t, seller, { status: AuctionStatus.Unsold, schedule: false });
    await createAuction(t, seller, { status: AuctionStatus.Unsold, schedule: false });
    const deleted = await createAuction(t, seller, { schedule: false });
    await soldByBuyNow(t, seller, buyer);
    await soldByBidding(t, seller, buyer, [rival]); // rival 110, buyer 150
    // The buyer bids on the open auction twice and on the one that gets deleted once.
    for (const amount of [101, 102])
      await t.http().post(`/api/auctions/${open.id}/bid`).set(buyer.auth).send({ amount }).expect(200);
    await t.http().post(`/api/auctions/${deleted.id}/bid`).set(buyer.auth).send({ amount: 500 }).expect(200);
    await db.query(`UPDATE auctions SET status = $2 WHERE id = $1`, [deleted.id, AuctionStatus.Deleted]);

    expect(await stats(seller)).toEqual({
      success: true,
      totalAuctions: 6,
      activeAuctions: 2,
      soldAuctions: 2,
      unsoldAuctions: 2,
      totalBids: 0,
      wonAuctions: 0,
    });
    // 1 bid on the sold-by-bidding auction + 2 on the open one; the deleted auction's bid is left out.
    expect(await stats(buyer)).toEqual({
      success: true,
      totalAuctions: 0,
      activeAuctions: 0,
      soldAuctions: 0,
      unsoldAuctions: 0,
      totalBids: 3,
      wonAuctions: 2,
    });
    expect(await stats(rival)).toMatchObject({ totalBids: 1, wonAuctions: 0 });

    // The counts agree with the profile lists.
    const listed = (path: string) =>
      t
        .http()
        .get(`/api/auctions/user/${path}`)
        .expect(200)
        .then((r) => r.body.auctions);
    expect(await listed(seller.user.id)).toHaveLength(6);
    expect(await listed(`${buyer.user.id}/won`)).toHaveLength(2);
    const bidLists = await listed(`${buyer.user.id}/bids`);
    expect(
      bidLists.map((a: { userBidCount: number }) => a.userBidCount).reduce((x: number, y: number) => x + y, 0),
    ).toBe(3);
    expect(bidLists.find((a: { _id: string }) => a._id === open.id)).toMatchObject({
      highestBid: 102,
      userBidCount: 2,
    });
  });

  it('404 USER_NOT_FOUND for an unknown member, 400 INVALID_ID for a bad id', async () => {
    expect((await t.http().get('/api/users/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d/stats').expect(404)).body.code).toBe(
      'USER_NOT_FOUND',
    );
    expect((await t.http().get('/api/users/abc/stats').expect(400)).body.code).toBe('INVALID_ID');
  });

  it('the won list shows deal confirmation and rating flags after the sale', async () => {
    const seller = await createUser(t);
    const buyer = await createUser(t);
    const id = await soldByBuyNow(t, seller, buyer);
    await t.http().patch(`/api/auctions/${id}/confirm-deal`).set(buyer.auth).expect(200);
    await t
      .http()
      .post(`/api/users/${seller.user.id}/rate`)
      .set(buyer.auth)
      .send({ auctionId: id, role: 'seller', stars: 5 })
      .expect(201);
    const won = (await t.http().get(`/api/auctions/user/${buyer.user.id}/won`).expect(200)).body.auctions;
    expect(won).toEqual([
      expect.objectContaining({
        _id: id,
        isDealConfirmed: true,
        dealConfirmedAt: expect.any(String),
        isRatedBySeller: true,
      }),
    ]);
    const sold = (await t.http().get(`/api/auctions/user/${seller.user.id}`).query({ status: 'sold' }).expect(200)).body
      .auctions;
    expect(sold).toEqual([expect.objectContaining({ _id: id, isDealConfirmed: true })]);
  });

  it('documents the after-sale routes in the OpenAPI document', async () => {
    const res = await t.http().get('/api/docs-json').expect(200);
    const paths = res.body.paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/messages',
        '/api/messages/conversations',
        '/api/messages/unread-count',
        '/api/messages/auction/{auctionId}',
        '/api/auctions/{id}/confirm-deal',
        '/api/users/{sellerId}/rate',
        '/api/users/{id}/ratings',
        '/api/users/{id}/rating-stats',
        '/api/users/{id}/stats',
      ]),
    );
    expect(Object.keys(paths['/api/auctions/{id}/confirm-deal'])).toEqual(expect.arrayContaining(['patch', 'put']));
    expect(paths['/api/messages'].post.security).toBeDefined();
    expect(paths['/api/users/{sellerId}/rate'].post.responses).toHaveProperty('409');
  });
});
