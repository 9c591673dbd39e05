import { DataSource } from 'typeorm';
import { pngImage, postAuction, validAuctionFields } from '../support/auction-forms';
import { clientIp } from '../support/auth';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

/**
 * An uploaded image belongs to exactly one owner (an auction or the announcement), and a member
 * may attach only images they uploaded themselves that nothing owns yet. Deleting an auction
 * deletes only the images it owns. Before, an edit could take the announcement's image (or
 * another member's) and the auction's deletion then deleted that file.
 */
describe('security: every uploaded image has one owner', () => {
  let t: TestApp;
  let png: Buffer;
  let admin: TestUser;
  let member: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    png = await pngImage();
    [admin, member, other] = await Promise.all([
      createUser(t, { isAdmin: true, adminSession: true }),
      createUser(t),
      createUser(t),
    ]);
  });
  afterAll(() => t.close());

  const upload = async (who: TestUser) =>
    (
      await t
        .http()
        .post('/api/upload/images')
        .set(who.auth)
        .set('X-Forwarded-For', clientIp())
        .attach('image', png, { filename: 'a.png', contentType: 'image/png' })
        .expect(201)
    ).body.imageUrl as string;
  const listAuction = async (who: TestUser) =>
    (await postAuction(t, who, validAuctionFields(), [png]).set('X-Forwarded-For', clientIp()).expect(201)).body as {
      _id: string;
      images: string[];
    };
  const edit = (id: string, who: TestUser, images: string[]) =>
    t
      .http()
      .put(`/api/auctions/${id}`)
      .set(who.auth)
      .send({ ...validAuctionFields(), startingPrice: 100, images });
  const saveAnnouncement = (images: string[]) =>
    t.http().put('/api/announcement-content').set(admin.auth).send({ title: 'مزاد السيارات', images });
  const served = async (url: string) => (await t.http().get(url)).status;

  it("the attack: a member cannot put the announcement's image on an auction, and deleting the auction never deletes it", async () => {
    const announced = await upload(admin);
    await saveAnnouncement([announced]).expect(200);
    const auction = await listAuction(member);

    const res = await edit(auction._id, member, [announced]).expect(403);
    expect(res.body).toMatchObject({ code: 'IMAGE_NOT_OWNED', errors: [{ field: 'images' }] });
    expect(res.body.message).toMatch(/لم ترفعها/);

    // Even an auction that already lists it (written before this rule) does not own it.
    await t.app.get(DataSource).query(`UPDATE auctions SET images = $2 WHERE id = $1`, [auction._id, [announced]]);
    await t.http().delete(`/api/auctions/${auction._id}`).set(member.auth).expect(200);
    expect(await served(announced)).toBe(200);
    expect((await t.http().get('/api/announcement-content').expect(200)).body.data.images).toEqual([announced]);
  });

  it("a member cannot attach another member's upload or another member's auction photo; their own upload works", async () => {
    const mine = await listAuction(member);
    const theirs = await listAuction(other);
    const theirUpload = await upload(other);

    for (const stolen of [theirUpload, theirs.images[0]]) {
      const res = await edit(mine._id, member, [stolen]).expect(403);
      expect(res.body.code).toBe('IMAGE_NOT_OWNED');
    }
    // The owner can still use its upload, and deleting the thief's auction left both files.
    const ownUpload = await upload(member);
    const edited = await edit(mine._id, member, [ownUpload]).expect(200);
    expect(edited.body.auction.images).toEqual([ownUpload]);
    expect(await served(mine.images[0])).toBe(404); // the photo the edit dropped was the auction's own
    await t.http().delete(`/api/auctions/${mine._id}`).set(member.auth).expect(200);
    expect(await served(ownUpload)).toBe(404);
    expect(await served(theirUpload)).toBe(200);
    expect(await served(theirs.images[0])).toBe(200);
    const otherAuction = await listAuction(other);
    await edit(otherAuction._id, other, [theirUpload]).expect(200);
  });

  it('an image attached once cannot be attached again, even by its uploader', async () => {
    const first = await listAuction(member);
    const second = await listAuction(member);
    const res = await edit(second._id, member, [first.images[0]]).expect(403);
    expect(res.body.code).toBe('IMAGE_NOT_OWNED');
  });

  it("the announcement takes only its own images or the admin's free uploads; images it drops are deleted", async () => {
    const auction = await listAuction(member);
    const memberUpload = await upload(member);
    for (const foreign of [auction.images[0], memberUpload]) {
      const res = await saveAnnouncement([foreign]).expect(403);
      expect(res.body).toMatchObject({ code: 'IMAGE_NOT_OWNED', errors: [{ field: 'images' }] });
    }
    const kept = await upload(admin);
    const dropped = await upload(admin);
    await saveAnnouncement([kept, dropped, 'https://example.com/car.jpg']).expect(200);
    await saveAnnouncement([kept]).expect(200);
    expect(await served(kept)).toBe(200);
    expect(await served(dropped)).toBe(404);
    expect(await served(auction.images[0])).toBe(200);
  });
});
