import sharp from 'sharp';
import { ERROR_MESSAGES } from '@mazad/contracts';
import { DECODE_CONCURRENCY, ImageStorageService } from '../../src/infrastructure/storage/image-storage.service';
import { pngImage, postAuction, storedFiles, validAuctionFields } from '../support/auction-forms';
import { clientIp } from '../support/auth';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * Decoding an image cannot exhaust a replica's memory: more pixels than a phone photo (or a
 * decoded size over the budget) is refused from the header, before decoding, and the process
 * decodes DECODE_CONCURRENCY images at a time however many requests carry them. Before, a
 * handful of parallel auction creations decoded all their images at once.
 */
describe('security: bounded image decoding', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('an image over the pixel limit is refused with 400 IMAGE_TOO_MANY_PIXELS, and nothing is stored', async () => {
    const seller = await createUser(t);
    const bomb = await sharp({ create: { width: 10_000, height: 5_001, channels: 3, background: '#000' } })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = storedFiles(t);
    const res = await postAuction(t, seller, validAuctionFields(), [await pngImage(), bomb])
      .set('X-Forwarded-For', clientIp())
      .expect(400);
    expect(res.body).toMatchObject({
      code: 'IMAGE_TOO_MANY_PIXELS',
      message: ERROR_MESSAGES.IMAGE_TOO_MANY_PIXELS,
    });
    expect(storedFiles(t)).toEqual(before);
  }, 30_000);

  it(`parallel creations decode ${DECODE_CONCURRENCY} image(s) at a time in the process`, async () => {
    const storage = t.app.get(ImageStorageService) as unknown as { reencode: (...args: unknown[]) => Promise<unknown> };
    const original = storage.reencode;
    let running = 0;
    let most = 0;
    storage.reencode = async function (this: unknown, ...args: unknown[]) {
      most = Math.max(most, ++running);
      try {
        return await original.apply(this, args);
      } finally {
        running--;
      }
    };
    try {
      const photo = await pngImage(1200, 900);
      const sellers = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
      const answers = await Promise.all(
        sellers.map((seller) =>
          postAuction(t, seller, validAuctionFields(), [photo, photo, photo]).set('X-Forwarded-For', clientIp()),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect(most).toBe(DECODE_CONCURRENCY);
    } finally {
      storage.reencode = original;
    }
  });
});
