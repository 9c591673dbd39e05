import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AppException } from '../../common/errors/app.exception';
import { runSql } from '../database/run-sql';
import { ImageStorageService } from './image-storage.service';

/** What an uploaded image can belong to: one auction, or the announcement page. */
export type ImageOwner = { auctionId: string } | 'announcement';

/** The owner as the two columns of `uploaded_images` ($auction uuid or null, $announcement). */
const columns = (owner: ImageOwner): [string | null, boolean] =>
  owner === 'announcement' ? [null, true] : [owner.auctionId, false];

/**
 * One owner per uploaded image (table `uploaded_images`, see its migration). Every rule about
 * who may use or delete an upload is here:
 * - an upload is recorded with its uploader and no owner;
 * - an owner may take (claim) only images already its own or uploaded by the person saving it
 *   that nothing owns yet: never the announcement's, another auction's or another member's;
 * - removing images from an owner (or deleting it) deletes only the images it owns.
 * Claims and releases take the caller's transaction, so they commit or roll back with the
 * record that lists the images; files are deleted only after that commit (`removeFiles`).
 */
@Injectable()
export class ImageOwnership {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: ImageStorageService,
  ) {}

  /** Records a stored upload as `uploaderId`'s, owned by nothing yet (or by `owner` at once). */
  async recordUploads(
    urls: string[],
    uploaderId: string,
    owner: ImageOwner | null = null,
    tx: DataSource | EntityManager = this.db,
  ): Promise<void> {
    const [auctionId, announcement] = owner ? columns(owner) : [null, false];
    await runSql(
      tx,
      `INSERT INTO uploaded_images (url, uploader_id, auction_id, announcement)
       SELECT u, $2, $3::uuid, $4 FROM unnest($1::text[]) AS u`,
      [urls, uploaderId, auctionId, announcement],
    );
  }

  /**
   * Makes `owner` the owner of every stored image among `urls` (links that are not our uploads
   * are left alone: an announcement may show an https image). Throws 403 IMAGE_NOT_OWNED,
   * naming `field`, when one of them is not `actorId`'s free upload nor already `owner`'s.
   */
  async claim(tx: EntityManager, urls: string[], actorId: string, owner: ImageOwner, field = 'images'): Promise<void> {
    const ours = this.storedAmong(urls);
    if (!ours.length) return;
    const [auctionId, announcement] = columns(owner);
    const { rows } = await runSql<{ url: string }>(
      tx,
      `UPDATE uploaded_images SET auction_id = $3::uuid, announcement = $4
        WHERE url = ANY($1::text[])
          AND ((uploader_id = $2 AND auction_id IS NULL AND NOT announcement)
               OR auction_id = $3::uuid OR (announcement AND $4))
        RETURNING url`,
      [ours, actorId, auctionId, announcement],
    );
    if (rows.length < ours.length) {
      const message = 'لا يمكن استخدام صورة لم ترفعها بنفسك، يرجى رفع الصورة من جديد';
      throw new AppException('IMAGE_NOT_OWNED', { errors: [{ field, message }], message });
    }
  }

  /**
   * Forgets the images `owner` owns other than `keep` and answers their URLs, for `removeFiles`
   * once the transaction has committed. Images the owner merely shows are never touched.
   */
  async release(tx: EntityManager, owner: ImageOwner, keep: string[] = []): Promise<string[]> {
    const [auctionId, announcement] = columns(owner);
    const { rows } = await runSql<{ url: string }>(
      tx,
      `DELETE FROM uploaded_images
        WHERE (auction_id = $1::uuid OR (announcement AND $2)) AND url <> ALL($3::text[])
        RETURNING url`,
      [auctionId, announcement, keep],
    );
    return rows.map((r) => r.url);
  }

  /** Deletes files (released or just written and never recorded). Never throws. */
  async removeFiles(urls: string[]): Promise<void> {
    await Promise.all(urls.map((url) => this.storage.remove(url)));
  }

  private storedAmong(urls: string[]): string[] {
    return [...new Set(urls)].filter((url) => this.storage.pathOf(url));
  }
}
