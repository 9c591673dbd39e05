import { Injectable } from '@nestjs/common';
import { AuctionStatus } from '@mazad/contracts';
import { AppConfig } from '../config/app-config';

/** Only finished sales and finished auctions without a sale are archived. */
export const ARCHIVABLE_STATUSES = [AuctionStatus.Sold, AuctionStatus.Unsold] as const;

/**
 * SQL (table alias `a`) of "ended, not archived yet, sold or unsold", written with literal
 * statuses so the planner can use the partial index auctions_archive_due_idx.
 */
export const ARCHIVE_PENDING_SQL = `a.archived_at IS NULL AND a.ended_at IS NOT NULL AND a.status IN ('${AuctionStatus.Sold}', '${AuctionStatus.Unsold}')`;

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
    return `(a.ended_at + make_interval(secs => CASE a.status WHEN '${AuctionStatus.Sold}' THEN $${n}::int ELSE $${n + 1}::int END))`;
  }

  /** The parameters of `dueSql`: sold delay, unsold delay (seconds). */
  params(): [number, number] {
    return [this.config.archiveSoldAfterSeconds, this.config.archiveUnsoldAfterSeconds];
  }
}
