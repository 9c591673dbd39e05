import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { OrphanImageSweeper } from '../../src/infrastructure/storage/orphan-image-sweeper';
import { pngImage, postAuction, storedFiles, validAuctionFields } from '../support/auction-forms';
import { clientIp } from '../support/auth';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * R-ORPHAN-IMAGES (docs/security.md, "Abuse and resources"): uploaded images no auction, profile or announcement
 * references are removed after a grace period, by a periodic job that runs once per cluster.
 */
describe('security: unreferenced uploads are swept', () => {
  let t: TestApp;
  let png: Buffer;

  beforeAll(async () => {
    t = await startTestApp();
    png = await pngImage();
  });
  afterAll(() => t.close());

  const nameOf = (url: string) => url.replace('/uploads/', '');
  const age = (name: string, hours: number) => {
    const then = new Date(Date.now() - hours * 3600_000);
    utimesSync(join(t.config.uploadDir, name), then, then);
  };

  it('removes old unreferenced images only, and one replica sweeps per period', async () => {
    const member = await createUser(t);
    const upload = async () =>
      (
        await t
          .http()
          .post('/api/upload/images')
          .set(member.auth)
          .set('X-Forwarded-For', clientIp())
          .attach('image', png, { filename: 'a.png', contentType: 'image/png' })
          .expect(201)
      ).body.imageUrl as string;
    const orphan = nameOf(await upload());
    const youngOrphan = nameOf(await upload());
    const auction = await postAuction(t, member, validAuctionFields(), [png]).expect(201);
    const inAuction = nameOf(auction.body.images[0]);
    const profile = await t
      .http()
      .put('/api/users/profile-image')
      .set(member.auth)
      .attach('profileImage', png, { filename: 'a.png', contentType: 'image/png' })
      .expect(200);
    const onProfile = nameOf(profile.body.user?.profileImage ?? profile.body.profileImage);
    for (const name of [orphan, inAuction, onProfile]) age(name, 25);
    age(youngOrphan, 1);

    const sweeper = t.app.get(OrphanImageSweeper);
    const removed = await sweeper.sweep();
    expect(removed).toEqual([`/uploads/${orphan}`]);
    expect(storedFiles(t)).toEqual(expect.arrayContaining([youngOrphan, inAuction, onProfile]));
    expect(storedFiles(t)).not.toContain(orphan);

    // The timer's run: the first replica takes the period's turn, a second one does nothing.
    age(youngOrphan, 25);
    await Promise.all([sweeper.sweepOnce(), sweeper.sweepOnce()]);
    expect(storedFiles(t)).not.toContain(youngOrphan);
  });
});
