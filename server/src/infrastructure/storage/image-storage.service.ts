import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { AppConfig } from '../../config/app-config';
import { AppException } from '../../common/errors/app.exception';

/** URL path under which stored files are served (outside /api; see serve-uploads.ts). */
export const UPLOADS_URL_PREFIX = '/uploads';

/** Decoders we accept. Vector and document formats (SVG, PDF) are refused even if sharp can read them. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * Refuse decompression bombs before decoding: a 5 MB file may claim enormous dimensions.
 * 50 megapixels admits the largest photos phones take (the 50 MP modes, 8160 × 6120; the
 * 48 MP ones, 8064 × 6048; iPhones' default is 24 MP, 5712 × 4284, which a 24 MP limit
 * would refuse).
 */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Pixels are not the whole cost: an interlaced PNG (or a progressive image) cannot be decoded
 * as a stream, so the decoder holds all of it, and at 16 bits per sample with alpha that is
 * 8 bytes a pixel. The decoded size is held to that of the largest photo we accept (8-bit RGB
 * at the pixel limit, 150 MB); a 16-bit RGBA image may then have about 18 MP.
 */
const MAX_DECODED_BYTES = MAX_INPUT_PIXELS * 3;

/** Bytes per sample of libvips' band formats (sharp's `metadata().depth`). */
const SAMPLE_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * Decodes running at once in this process, whatever the number of requests: each may hold up
 * to MAX_DECODED_BYTES, so this bounds a replica's image memory (measured in docs/security.md,
 * `node load-tests/image-decode-memory.mjs`). One at a time: libvips already spreads a decode
 * over the cores it has, and queued uploads wait a second or two rather than run a replica
 * out of memory.
 */
export const DECODE_CONCURRENCY = 1;
/** The process's decode slots: uploads, and the sharing cards (static/share-card.ts) that decode a cover. */
export const decodeSlots = pLimit(DECODE_CONCURRENCY);

/** Names we generate: 32 hex characters and our extension. Anything else is not ours to delete. */
const STORED_NAME = /^[a-f0-9]{32}\.webp$/;

export interface StoreImageOptions {
  /** Largest width and height of the stored image; smaller images are never enlarged. */
  maxWidth: number;
  maxHeight: number;
  /** `inside` (default) keeps the whole picture; `cover` crops to fill maxWidth × maxHeight. */
  fit?: 'inside' | 'cover';
  /** WebP quality, 1–100 (default 82). */
  quality?: number;
}

/** Sizes used by the product: square-bounded avatars, larger auction photos. */
export const IMAGE_PRESETS = {
  avatar: { maxWidth: 512, maxHeight: 512 },
  auction: { maxWidth: 1600, maxHeight: 1600 },
} as const satisfies Record<string, StoreImageOptions>;

export interface StoredImage {
  /** Relative URL stored in the database and served by the API origin: `/uploads/<name>.webp`. */
  url: string;
  /** Absolute path of the file on disk. */
  path: string;
  width: number;
  height: number;
  bytes: number;
  contentType: 'image/webp';
}

/**
 * Stores user images on disk under UPLOAD_DIR. Every image is checked by decoding its content
 * (never by its name or the client's MIME type), auto-rotated from its EXIF orientation,
 * bounded in size and re-encoded to WebP, which drops all metadata (EXIF, GPS, XMP, ICC after
 * conversion to sRGB). File names are random, so URLs can be cached forever.
 *
 * Several replicas must share UPLOAD_DIR (a shared volume) to serve each other's files.
 */
@Injectable()
export class ImageStorageService implements OnModuleInit {
  private readonly logger = new Logger(ImageStorageService.name);

  constructor(private readonly config: AppConfig) {}

  get enabled(): boolean {
    return this.config.uploadDir !== '';
  }

  async onModuleInit(): Promise<void> {
    if (this.enabled) await mkdir(this.config.uploadDir, { recursive: true });
  }

  /**
   * Decodes, normalises and stores an image. Throws 400 IMAGE_INVALID when the bytes are not
   * an image we accept, 400 IMAGE_TOO_MANY_PIXELS when it is too large once decoded,
   * 503 UPLOADS_UNAVAILABLE when no upload folder is configured. Decoding waits for a free
   * slot (DECODE_CONCURRENCY per process).
   */
  async storeImage(input: Buffer, options: StoreImageOptions): Promise<StoredImage> {
    if (!this.enabled) throw new AppException('UPLOADS_UNAVAILABLE');
    const encoded = await decodeSlots(() => this.reencode(input, options));
    const name = `${randomBytes(16).toString('hex')}.webp`;
    const path = join(this.config.uploadDir, name);
    await mkdir(this.config.uploadDir, { recursive: true });
    await writeFile(path, encoded.data, { flag: 'wx', mode: 0o644 });
    return {
      url: `${UPLOADS_URL_PREFIX}/${name}`,
      path,
      width: encoded.info.width,
      height: encoded.info.height,
      bytes: encoded.info.size,
      contentType: 'image/webp',
    };
  }

  /**
   * Deletes a file this service stored, given its URL. Anything else (an external URL, a demo
   * asset, a path that tries to leave the folder) is ignored, as is a file already gone.
   * Never throws: a leftover file must not fail the request that replaced it.
   */
  async remove(url: string | null | undefined): Promise<boolean> {
    const path = this.pathOf(url);
    if (!path) return false;
    try {
      await unlink(path);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.logger.warn(`Could not remove ${path}: ${(err as Error).message}`);
      }
      return false;
    }
  }

  /** The file behind a URL this service produced, or null. */
  pathOf(url: string | null | undefined): string | null {
    if (!this.enabled || typeof url !== 'string') return null;
    const prefix = `${UPLOADS_URL_PREFIX}/`;
    if (!url.startsWith(prefix)) return null;
    const name = url.slice(prefix.length);
    return STORED_NAME.test(name) ? join(this.config.uploadDir, name) : null;
  }

  private async reencode(input: Buffer, options: StoreImageOptions) {
    if (!Buffer.isBuffer(input) || input.length === 0) throw new AppException('IMAGE_INVALID');
    const sourceOptions: sharp.SharpOptions = {
      failOn: 'error',
      limitInputPixels: MAX_INPUT_PIXELS,
      sequentialRead: true,
    };
    try {
      // The header only: the dimensions are known before a pixel is decoded.
      const meta = await sharp(input, { ...sourceOptions, limitInputPixels: false }).metadata();
      if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
        throw new AppException('IMAGE_INVALID');
      }
      const pixels = meta.width * meta.height;
      const decodedBytes = pixels * (meta.channels ?? 4) * (SAMPLE_BYTES[meta.depth ?? ''] ?? 8);
      if (pixels > MAX_INPUT_PIXELS || decodedBytes > MAX_DECODED_BYTES) {
        throw new AppException('IMAGE_TOO_MANY_PIXELS');
      }
      // No withMetadata()/keepExif(): sharp writes no EXIF, XMP or IPTC and converts to sRGB.
      return await sharp(input, sourceOptions)
        .rotate()
        .resize({
          width: options.maxWidth,
          height: options.maxHeight,
          fit: options.fit ?? 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: options.quality ?? 82 })
        .toBuffer({ resolveWithObject: true });
    } catch (err) {
      if (err instanceof AppException) throw err;
      // Undecodable or truncated: all the same to the member.
      throw new AppException('IMAGE_INVALID');
    }
  }
}
