import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { UserEntity } from '../src/users/entities/user.entity';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

const PATH = '/api/users/profile-image';
const LIMIT = 5 * 1024 * 1024;

function png(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();
}

/** A 300 × 200 JPEG whose EXIF says "rotate 90°" and carries identifying tags. */
function jpegWithExif() {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'SecretCam', Model: 'Spy 3000', Copyright: 'Owner Name' } })
    .toBuffer();
}

describe('users: profile image', () => {
  let t: TestApp;
  let me: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    me = await createUser(t);
  });
  afterAll(() => t.close());

  const fileOf = (url: string) => join(t.config.uploadDir, url.replace(/^\/uploads\//, ''));
  const storedImage = async (id: string) =>
    (await t.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ id })).profileImage;

  it('stores a PNG, answers with the user and the URL, and serves the file as an image', async () => {
    const res = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .attach('profileImage', await png(), 'avatar.png')
      .expect(200);
    expect(res.body).toMatchObject({
      success: true,
      message: expect.stringMatching(/[\u0600-\u06FF]/),
      user: { id: me.user.id, email: me.user.email },
    });
    const url: string = res.body.profileImage;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(res.body.user.profileImage).toBe(url);
    expect(await storedImage(me.user.id)).toBe(url);

    const served = await t.http().get(url).expect(200);
    expect(served.headers['content-type']).toMatch(/^image\/webp/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });

    const publicView = await t.http().get(`/api/users/${me.user.id}`).expect(200);
    expect(publicView.body.user.profileImage).toBe(url);
  });

  it('applies the EXIF orientation, then stores the JPEG without any metadata', async () => {
    const input = await jpegWithExif();
    const source = await sharp(input).metadata();
    expect(source.exif).toBeDefined();
    expect(source.orientation).toBe(6);
    const res = await t.http().put(PATH).set(me.auth).attach('profileImage', input, 'photo.jpg').expect(200);
    const path = fileOf(res.body.profileImage);
    const meta = await sharp(path).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 200, height: 300 });
    const served = await t.http().get(res.body.profileImage).expect(200);
    expect(served.body.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('bounds large images to 512 px', async () => {
    const res = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .attach('profileImage', await png(2000, 1000), 'wide.png')
      .expect(200);
    const meta = await sharp(fileOf(res.body.profileImage)).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 512, height: 256 });
  });

  it('deletes the previous avatar file when a new one replaces it', async () => {
    const first = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .attach('profileImage', await png(), 'a.png')
      .expect(200);
    const second = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .attach('profileImage', await png(30, 30), 'b.png')
      .expect(200);
    expect(second.body.profileImage).not.toBe(first.body.profileImage);
    expect(existsSync(fileOf(first.body.profileImage))).toBe(false);
    expect(existsSync(fileOf(second.body.profileImage))).toBe(true);
    const gone = await t.http().get(first.body.profileImage).expect(404);
    expect(gone.body.code).toBe('NOT_FOUND');
  });

  it('judges by content, not by name: a text file called .png is 400 IMAGE_INVALID', async () => {
    const before = await storedImage(me.user.id);
    const res = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .attach('profileImage', Buffer.from('this is not an image, just text\n'.repeat(20)), {
        filename: 'evil.png',
        contentType: 'image/png',
      })
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'IMAGE_INVALID', message: 'الملف ليس صورة صالحة' });
    expect(await storedImage(me.user.id)).toBe(before);
  });

  it('refuses SVG and truncated images', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const a = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .attach('profileImage', svg, { filename: 'a.png', contentType: 'image/png' })
      .expect(400);
    expect(a.body.code).toBe('IMAGE_INVALID');
    const full = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const b = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .attach('profileImage', full.subarray(0, 200), 'cut.jpg')
      .expect(400);
    expect(b.body.code).toBe('IMAGE_INVALID');
  });

  it('accepts an image of exactly 5 MB and refuses a bigger one with 413 IMAGE_TOO_LARGE', async () => {
    // Noise barely compresses: a 1400 × 1400 RGB PNG of noise is over 5 MB.
    const noise = await sharp(randomBytes(1400 * 1400 * 3), { raw: { width: 1400, height: 1400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(LIMIT);
    const files = readdirSync(t.config.uploadDir).length;
    const res = await t.http().put(PATH).set(me.auth).attach('profileImage', noise, 'huge.png').expect(413);
    expect(res.body).toMatchObject({
      statusCode: 413,
      code: 'IMAGE_TOO_LARGE',
      message: 'حجم الصورة يجب ألا يتجاوز 5 ميغابايت',
    });
    expect(readdirSync(t.config.uploadDir).length).toBe(files);

    // Pad a valid JPEG to exactly the limit: the size rule is "at most 5 MB".
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const padded = Buffer.concat([jpeg, Buffer.alloc(LIMIT - jpeg.length)]);
    expect(padded.length).toBe(LIMIT);
    await t.http().put(PATH).set(me.auth).attach('profileImage', padded, 'exact.jpg').expect(200);
  });

  it('answers 400 IMAGE_REQUIRED without a file', async () => {
    const empty = await t.http().put(PATH).set(me.auth).field('note', 'no file here').expect(400);
    expect(empty.body).toMatchObject({ code: 'IMAGE_REQUIRED', message: 'يجب اختيار صورة' });
    const json = await t.http().put(PATH).set(me.auth).send({}).expect(400);
    expect(json.body.code).toBe('IMAGE_REQUIRED');
  });

  it('refuses a file in another field and a second file', async () => {
    const other = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .attach('avatar', await png(), 'a.png')
      .expect(400);
    expect(other.body).toMatchObject({ code: 'UNKNOWN_FIELD' });
    expect(other.body.message).toContain('avatar');
    const two = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .attach('profileImage', await png(), 'a.png')
      .attach('profileImage', await png(), 'b.png')
      .expect(400);
    expect(two.body.code).toBe('TOO_MANY_IMAGES');
  });

  it('answers 400 MULTIPART_INVALID for a broken multipart body', async () => {
    const res = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .set('Content-Type', 'multipart/form-data; boundary=XYZ')
      .send('--XYZ\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\n\r\npartial')
      .expect(400);
    expect(res.body.code).toBe('MULTIPART_INVALID');
  });

  it('answers 401 when signed out, before reading the upload', async () => {
    const res = await t
      .http()
      .put(PATH)
      .attach('profileImage', await png(), 'a.png')
      .expect(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('serves nothing outside the uploads folder', async () => {
    await t.http().get('/uploads/../package.json').expect(404);
    await t.http().get('/uploads/%2e%2e%2fpackage.json').expect(404);
    await t.http().get('/uploads/').expect(404);
  });
});
