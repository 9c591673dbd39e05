import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { stat } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { LIMITS } from '@mazad/contracts';
import { IMAGE_PRESETS, ImageStorageService } from '../infrastructure/storage/image-storage.service';
import { fieldError } from './auction-rules';

/**
 * Auction photos on top of the shared ImageStorageService (decode by content, re-encode to
 * WebP without metadata). Adds what auctions need: all-or-nothing storing of a set of images,
 * checking URLs sent back by an edit, and removing files no auction or profile points at.
 */
@Injectable()
export class AuctionImagesService {
  constructor(
    private readonly storage: ImageStorageService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** Stores one auction photo; 400 IMAGE_INVALID when the bytes are not an accepted image. */
  async storeOne(image: Buffer): Promise<string> {
    return (await this.storage.storeImage(image, IMAGE_PRESETS.auction)).url;
  }

  /**
   * Stores every image or none: each is decoded and re-encoded (in parallel); if any is not
   * an image, the ones already written are removed and the first error is thrown.
   */
  async storeAll(images: Buffer[]): Promise<string[]> {
    const results = await Promise.allSettled(images.map((image) => this.storeOne(image)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      await this.removeFiles(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
      throw failed.reason;
    }
    return results.map((r) => (r as PromiseFulfilledResult<string>).value);
  }

  /**
   * Checks the images of an edit: 1–3 distinct URLs, each either already on this auction or a
   * file we stored (POST /api/upload/images) that exists and belongs to no other auction or
   * profile (so one member cannot adopt, and later delete, another member's photo).
   */
  async assertUsableForEdit(images: string[], current: string[], auctionId: string): Promise<void> {
    if (images.length === 0) throw fieldError('images', 'يجب رفع صورة واحدة على الأقل', 'AUCTION_IMAGES_REQUIRED');
    if (images.length > LIMITS.maxImagesPerAuction) {
      throw fieldError('images', `لا يمكن رفع أكثر من ${LIMITS.maxImagesPerAuction} صور`, 'TOO_MANY_IMAGES');
    }
    const added = images.filter((url) => !current.includes(url));
    for (const url of added) {
      const path = this.storage.pathOf(url);
      if (!path) throw fieldError('images', 'رابط الصورة غير صالح، يجب رفع الصور عبر الموقع');
      const exists = await stat(path).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!exists) throw fieldError('images', 'الصورة غير موجودة، يرجى رفعها من جديد');
    }
    if (added.length === 0) return;
    const taken: unknown[] = await this.db.query(
      `SELECT 1 FROM auctions WHERE id <> $1 AND images && $2::text[]
       UNION ALL
       SELECT 1 FROM users WHERE profile_image = ANY($2::text[])
       LIMIT 1`,
      [auctionId, added],
    );
    if (taken.length) throw fieldError('images', 'رابط الصورة غير صالح، يجب رفع الصور عبر الموقع');
  }

  /**
   * Removes stored files that no auction (of any status) and no profile refers to any more.
   * Never throws: a leftover file must not fail the request that released it.
   */
  async removeUnreferenced(urls: string[]): Promise<void> {
    const ours = [...new Set(urls)].filter((url) => this.storage.pathOf(url));
    if (!ours.length) return;
    try {
      const rows: { url: string }[] = await this.db.query(
        `SELECT u AS url FROM unnest($1::text[]) AS u
         WHERE NOT EXISTS (SELECT 1 FROM auctions a WHERE a.images @> ARRAY[u])
           AND NOT EXISTS (SELECT 1 FROM users p WHERE p.profile_image = u)`,
        [ours],
      );
      await this.removeFiles(rows.map((r) => r.url));
    } catch {
      // The files stay; they are unreachable from any record and harmless.
    }
  }

  /** Removes files just written by this request (not yet referenced by anything). */
  async removeFiles(urls: string[]): Promise<void> {
    await Promise.all(urls.map((url) => this.storage.remove(url)));
  }
}
