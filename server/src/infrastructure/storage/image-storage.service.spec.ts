import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { AppConfig } from '../../config/app-config';
import { AppException } from '../../common/errors/app.exception';
import { DECODE_CONCURRENCY, IMAGE_PRESETS, ImageStorageService } from './image-storage.service';

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppException) return { code: err.code, status: err.getStatus() };
    throw err;
  }
  throw new Error('expected a rejection');
};

describe('ImageStorageService', () => {
  let dir: string;
  let storage: ImageStorageService;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mazad-storage-'));
    storage = new ImageStorageService({ uploadDir: join(dir, 'uploads') } as AppConfig);
    await storage.onModuleInit();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();

  it('re-encodes to WebP under a random name and reports a relative URL', async () => {
    const a = await storage.storeImage(await png(40, 20), IMAGE_PRESETS.auction);
    const b = await storage.storeImage(await png(40, 20), IMAGE_PRESETS.auction);
    expect(a.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(a.url).not.toBe(b.url);
    expect(a.path).toBe(join(dir, 'uploads', a.url.slice('/uploads/'.length)));
    expect(a).toMatchObject({ width: 40, height: 20, contentType: 'image/webp' });
    const meta = await sharp(a.path).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 20, hasAlpha: true });
    expect(storage.pathOf(a.url)).toBe(a.path);
  });

  it('fits within the bounds without enlarging; cover crops to the box', async () => {
    const big = await storage.storeImage(await png(3200, 1600), IMAGE_PRESETS.auction);
    expect([big.width, big.height]).toEqual([1600, 800]);
    const small = await storage.storeImage(await png(100, 50), IMAGE_PRESETS.avatar);
    expect([small.width, small.height]).toEqual([100, 50]);
    const square = await storage.storeImage(await png(1000, 500), { maxWidth: 200, maxHeight: 200, fit: 'cover' });
    expect([square.width, square.height]).toEqual([200, 200]);
  });

  it.each([
    ['text', Buffer.from('hello, not an image')],
    ['empty', Buffer.alloc(0)],
    ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>')],
    ['html', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s with 400 IMAGE_INVALID and writes nothing', async (_label, input) => {
    expect(await codeOf(storage.storeImage(input, IMAGE_PRESETS.avatar))).toEqual({
      code: 'IMAGE_INVALID',
      status: 400,
    });
    expect(readdirSync(join(dir, 'uploads'))).toEqual([]);
  });

  it('refuses images with more pixels than a phone camera makes (decompression bombs), before decoding', async () => {
    const bomb = await sharp({ create: { width: 8200, height: 8200, channels: 3, background: '#000' } })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await codeOf(storage.storeImage(bomb, IMAGE_PRESETS.avatar))).toEqual({
      code: 'IMAGE_TOO_MANY_PIXELS',
      status: 400,
    });
  }, 30_000); // encoding the 67-megapixel test file takes a few seconds on a busy machine

  it('refuses an interlaced 16-bit RGBA PNG under the pixel limit whose decoded size is over the budget', async () => {
    // 4500 × 4500 = 20 MP, 8 bytes a pixel once decoded (162 MB) in a file of a few hundred KB.
    const heavy = await sharp({ create: { width: 4500, height: 4500, channels: 4, background: '#8a5a2b' } })
      .toColourspace('rgb16')
      .png({ progressive: true, compressionLevel: 9 })
      .toBuffer();
    expect(heavy.length).toBeLessThan(1024 * 1024);
    expect(await codeOf(storage.storeImage(heavy, IMAGE_PRESETS.avatar))).toEqual({
      code: 'IMAGE_TOO_MANY_PIXELS',
      status: 400,
    });
    expect(readdirSync(join(dir, 'uploads'))).toEqual([]);
  }, 30_000);

  it(`decodes at most ${DECODE_CONCURRENCY} image(s) at a time in the process, however many are sent at once`, async () => {
    const target = storage as unknown as { reencode: (...args: unknown[]) => Promise<unknown> };
    const original = target.reencode.bind(storage);
    let running = 0;
    let most = 0;
    target.reencode = async (...args: unknown[]) => {
      most = Math.max(most, ++running);
      try {
        return await original(...args);
      } finally {
        running--;
      }
    };
    const image = await png(400, 300);
    const stored = await Promise.all(Array.from({ length: 6 }, () => storage.storeImage(image, IMAGE_PRESETS.auction)));
    expect(stored).toHaveLength(6);
    expect(most).toBe(DECODE_CONCURRENCY);
  });

  it('removes only files it stored', async () => {
    const stored = await storage.storeImage(await png(10, 10), IMAGE_PRESETS.avatar);
    writeFileSync(join(dir, 'secret.txt'), 'keep me');
    for (const url of [
      'https://example.com/a.webp',
      '/uploads/../secret.txt',
      '/uploads/..%2fsecret.txt',
      `/uploads/${'a'.repeat(32)}.webp/../../secret.txt`,
      '/assets/logo.png',
      '',
      null,
      undefined,
    ]) {
      expect(await storage.remove(url)).toBe(false);
    }
    expect(existsSync(join(dir, 'secret.txt'))).toBe(true);
    expect(await storage.remove(stored.url)).toBe(true);
    expect(existsSync(stored.path)).toBe(false);
    expect(await storage.remove(stored.url)).toBe(false); // already gone: no error
  });

  it('answers 503 UPLOADS_UNAVAILABLE when no upload folder is configured', async () => {
    const off = new ImageStorageService({ uploadDir: '' } as AppConfig);
    expect(off.enabled).toBe(false);
    expect(await codeOf(off.storeImage(await png(4, 4), IMAGE_PRESETS.avatar))).toEqual({
      code: 'UPLOADS_UNAVAILABLE',
      status: 503,
    });
    expect(await off.remove('/uploads/' + 'a'.repeat(32) + '.webp')).toBe(false);
  });
});
