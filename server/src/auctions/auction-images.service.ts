import { Injectable } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import { LIMITS } from '@mazad/contracts';
import { ImageOwnership } from '../infrastructure/storage/image-ownership';
import { IMAGE_PRESETS, ImageStorageService } from '../infrastructure/storage/image-storage.service';
import { fieldError } from './auction-rules';

/**
 * Auction photos on top of the shared ImageStorageService (decode by content, re-encode to
 * WebP without metadata). Adds what auctions need: all-or-nothing storing of a set of images
 * and the checks of the URLs an edit sends back. Who may use or delete an image is
 * ImageOwnership's.
 */
@Injectable()
export class AuctionImagesService {
  constructor(
    private readonly storage: ImageStorageService,
    private readonly ownership: ImageOwnership,
  ) {}

  /** Stores one auction photo; 400 IMAGE_INVALID when the bytes are not an accepted image. */
  async storeOne(image: Buffer): Promise<string> {
    return (await this.storage.storeImage(image, IMAGE_PRESETS.auction)).url;
  }

  /** Stores a photo for a later edit, recorded as `uploaderId`'s with no owner yet. */
  async storeForLater(image: Buffer, uploaderId: string): Promise<string> {
    const url = await this.storeOne(image);
    try {
      await this.ownership.recordUploads([url], uploaderId);
    } catch (err) {
      await this.ownership.removeFiles([url]);
      throw err;
    }
    return url;
  }

  /**
   * Stores every image or none, one after another (a request never holds several decodes:
   * see DECODE_CONCURRENCY); if one is not an image, the ones already written are removed and
   * its error is thrown.
   */
  async storeAll(images: Buffer[]): Promise<string[]> {
    const urls: string[] = [];
    try {
      for (const image of images) urls.push(await this.storeOne(image));
    } catch (err) {
      await this.ownership.removeFiles(urls);
      throw err;
    }
    return urls;
  }

  /**
   * Checks the images of an edit: 1–3 distinct URLs, each either already on this auction or a
   * file we stored that still exists. Whether the member may take it is decided by
   * ImageOwnership.claim, in the edit's transaction.
   */
  async assertUsableForEdit(images: string[], current: string[]): Promise<void> {
    if (images.length === 0) throw fieldError('images', 'يجب رفع صورة واحدة على الأقل', 'AUCTION_IMAGES_REQUIRED');
    if (images.length > LIMITS.maxImagesPerAuction) {
      throw fieldError('images', `لا يمكن رفع أكثر من ${LIMITS.maxImagesPerAuction} صور`, 'TOO_MANY_IMAGES');
    }
    for (const url of images.filter((u) => !current.includes(u))) {
      const path = this.storage.pathOf(url);
      if (!path) throw fieldError('images', 'رابط الصورة غير صالح، يجب رفع الصور عبر الموقع');
      const exists = await stat(path).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!exists) throw fieldError('images', 'الصورة غير موجودة، يرجى رفعها من جديد');
    }
  }
}
