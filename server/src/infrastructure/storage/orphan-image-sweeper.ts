import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { RedisService } from '../redis/redis.service';
import { WorkerRole } from '../roles/worker-role';
import { UPLOADS_URL_PREFIX } from './image-storage.service';

/** An uploaded image nothing references is removed this long after it was written. */
export const ORPHAN_GRACE_SECONDS = 24 * 3600;
/** How often the cluster looks for unreferenced images (one worker per period, see `sweepOnce`). */
export const ORPHAN_SWEEP_INTERVAL_MS = 30 * 60 * 1000;

const STORED_NAME = /^[a-f0-9]{32}\.webp$/;
const BATCH = 500;

/**
 * Every place the product keeps an uploaded image's URL (`/uploads/<name>.webp`): auction photos
 * (open, ended, archived and deleted ones alike), profile images and the announcement's images.
 * A new column that stores upload URLs must be listed here, or its files would be swept.
 */
const REFERENCES_SQL = `
  SELECT f.url FROM unnest($1::text[]) AS f(url)
   WHERE EXISTS (SELECT 1 FROM auctions WHERE f.url = ANY(images))
      OR EXISTS (SELECT 1 FROM users WHERE profile_image = f.url)
      OR EXISTS (SELECT 1 FROM announcement_content WHERE f.url = ANY(images))`;

/**
 * Removes uploaded images that no auction, profile or announcement references once they are
 * older than the grace period (an upload for an edit form that was never saved, a replaced
 * photo). Runs on a timer in every worker process (WorkerRole), but a Redis `SET NX EX` marker
 * lets one of them per period do the work, so the cluster sweeps once.
 */
@Injectable()
export class OrphanImageSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(OrphanImageSweeper.name);

  constructor(
    private readonly config: AppConfig,
    private readonly redis: RedisService,
    @InjectDataSource() private readonly db: DataSource,
    private readonly workerRole: WorkerRole,
  ) {}

  onApplicationBootstrap() {
    this.workerRole.every('orphan-images-sweep', ORPHAN_SWEEP_INTERVAL_MS, () => this.sweepOnce());
  }

  async sweepOnce(): Promise<void> {
    if (!this.config.uploadDir) return;
    const turn = await this.redis.client
      .set(this.redis.key('uploads', 'sweep'), '1', 'PX', ORPHAN_SWEEP_INTERVAL_MS - 1000, 'NX')
      .catch(() => null);
    if (turn !== 'OK') return;
    try {
      const removed = await this.sweep();
      if (removed.length) this.logger.log(`Removed ${removed.length} unreferenced uploaded images`);
    } catch (err) {
      this.logger.warn({ err }, 'Orphan image sweep failed; the next period retries');
    }
  }

  /** Deletes unreferenced images older than `graceSeconds`; answers their URLs. */
  async sweep(graceSeconds = ORPHAN_GRACE_SECONDS): Promise<string[]> {
    const dir = this.config.uploadDir;
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => STORED_NAME.test(n));
    const cutoff = Date.now() - graceSeconds * 1000;
    const old: string[] = [];
    for (const name of names) {
      const info = await stat(join(dir, name)).catch(() => null);
      if (info && info.mtimeMs <= cutoff) old.push(name);
    }
    const removed: string[] = [];
    for (let i = 0; i < old.length; i += BATCH) {
      const urls = old.slice(i, i + BATCH).map((n) => `${UPLOADS_URL_PREFIX}/${n}`);
      const referenced = new Set(
        ((await this.db.query(REFERENCES_SQL, [urls])) as { url: string }[]).map((r) => r.url),
      );
      for (const url of urls) {
        if (referenced.has(url)) continue;
        const name = url.slice(UPLOADS_URL_PREFIX.length + 1);
        await unlink(join(dir, name)).then(
          () => removed.push(url),
          () => undefined,
        );
      }
    }
    // An upload that waited for a form which never came leaves its record (ImageOwnership) too.
    if (removed.length) await this.db.query(`DELETE FROM uploaded_images WHERE url = ANY($1::text[])`, [removed]);
    return removed;
  }
}
