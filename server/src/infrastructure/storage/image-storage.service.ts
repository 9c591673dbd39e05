import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { AppConfig } from '../../config/app-config';
import { AppException } from '../../common/errors/app.exception';

/** URL path under which stored files are served (outside /api; see serve-uploads.ts). */
export const UPLOADS_URL_PREFIX = '/uploads';

/** Decoders we accept. Vector and document formats (SVG, PDF) are refused even if sharp can read them. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * Refuse decompression bombs before decoding: a 5 MB file may claim enormous dimensions.
 * 64 megapixels covers phone cameras (48 MP is about 8000 × 6000).
 */
const MAX_INPUT_PIXELS = 64_000_000;

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
   * an image we accept, 503 UPLOADS_UNAVAILABLE when no upload folder is configured.
   */
  async storeImage(input: Buffer, options: StoreImageOptions): Promise<StoredImage> {
    if (!this.enabled) throw new AppException('UPLOADS_UNAVAILABLE');
    const encoded = await this.reencode(input, options);
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
    const sourceOptions: sharp.SharpOptions = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS };
    try {
      const meta = await sharp(input, sourceOptions).metadata();
      if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
        throw new AppException('IMAGE_INVALID');
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
      // Undecodable, truncated, too many pixels: all the same to the member.
      throw new AppException('IMAGE_INVALID');
    }
  }
}
