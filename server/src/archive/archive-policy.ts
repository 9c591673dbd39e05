import { Injectable } from '@nestjs/common';
import { AuctionStatus } from '@mazad/contracts';
import { archiveDueSql } from '../auctions';
import { AppConfig } from '../config/app-config';

/** Only finished sales and finished auctions without a sale are archived. */
export const ARCHIVABLE_STATUSES = [AuctionStatus.Sold, AuctionStatus.Unsold] as const;

/** Row `a` ended sold or unsold and waits for the archive (the auction store's rule). */
export { ARCHIVE_PENDING_SQL } from '../auctions';

/**
 * When an ended auction moves to the archive: ARCHIVE_UNSOLD_AFTER after its end when unsold,
 * ARCHIVE_SOLD_AFTER when sold (defaults 15 minutes and 24 hours).
 */
@Injectable()
export class ArchivePolicy {
  constructor(private readonly config: AppConfig) {}

  /** Seconds between the end and the archive, or null for a status that is never archived. */
  delaySeconds(status: string): number | null {
    if (status === AuctionStatus.Sold) return this.config.archiveSoldAfterSeconds;
    if (status === AuctionStatus.Unsold) return this.config.archiveUnsoldAfterSeconds;
    return null;
  }

  /** The moment an auction that ended at `endedAt` in `status` is archived (null: never). */
  dueAt(status: string, endedAt: Date): Date | null {
    const delay = this.delaySeconds(status);
    return delay === null ? null : new Date(endedAt.getTime() + delay * 1000);
  }

  /**
   * The same moment for row `a` in SQL (by the database clock), reading the two delays from
   * the parameters $n (sold) and $n+1 (unsold); pass `params()` there.
   */
  dueSql(n: number): string {
    return archiveDueSql(n);
  }

  /** The parameters of `dueSql`: sold delay, unsold delay (seconds). */
  params(): [number, number] {
    const { soldAfterSeconds, unsoldAfterSeconds } = this.delays();
    return [soldAfterSeconds, unsoldAfterSeconds];
  }

  /** The two delays, as the auction store's archive transition takes them. */
  delays(): { soldAfterSeconds: number; unsoldAfterSeconds: number } {
    return {
      soldAfterSeconds: this.config.archiveSoldAfterSeconds,
      unsoldAfterSeconds: this.config.archiveUnsoldAfterSeconds,
    };
  }
}
