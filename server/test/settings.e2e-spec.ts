import { createAuction } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser } from './support/users';

/** GET /api/settings: the deployment's configurable numbers, public, from the validated config. */
describe('GET /api/settings', () => {
  describe('with the default configuration', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('answers the defaults to anyone, without signing in', async () => {
      const res = await t.http().get('/api/settings').expect(200);
      expect(res.body).toEqual({
        success: true,
        auctionDurations: ['1h', '24h', '72h', '7d', '30d'],
        bidExtensionSeconds: 90,
        archiveUnsoldAfterSeconds: 15 * 60,
        archiveSoldAfterSeconds: 24 * 60 * 60,
        contact: { phone: '', email: '' },
      });
    });
  });

  describe('with a configured deployment', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({
        AUCTION_DURATIONS: '20s,1h,7d',
        BID_EXTENSION: '45s',
        ARCHIVE_UNSOLD_AFTER: '2m',
        ARCHIVE_SOLD_AFTER: '1d',
        CONTACT_PHONE: '+962 6 555 0101',
        CONTACT_EMAIL: 'support@mazad.jo',
      });
    });
    afterAll(() => t.close());

    it('answers the configured numbers and contact details', async () => {
      const res = await t.http().get('/api/settings').expect(200);
      expect(res.body).toEqual({
        success: true,
        auctionDurations: ['20s', '1h', '7d'],
        bidExtensionSeconds: 45,
        archiveUnsoldAfterSeconds: 120,
        archiveSoldAfterSeconds: 86_400,
        contact: { phone: '+962 6 555 0101', email: 'support@mazad.jo' },
      });
    });

    it('the extension it announces is the one bids apply', async () => {
      const seller = await createUser(t);
      const bidder = await createUser(t);
      const a = await createAuction(t, seller, { endsInSeconds: 20, startingPrice: 10 });
      const res = await t.http().post(`/api/auctions/${a.id}/bid`).set(bidder.auth).send({ amount: 11 }).expect(200);
      const extendedBy = Date.parse(res.body.auction.endTime) - Date.parse(res.body.bid.createdAt);
      expect(extendedBy).toBeGreaterThanOrEqual(44_000);
      expect(extendedBy).toBeLessThanOrEqual(46_000);
    });
  });
});
