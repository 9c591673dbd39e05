import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OPEN_STATUSES } from '@mazad/contracts';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { DeadlineJobData, DeadlineJobs, PendingDeadline } from '../../infrastructure/deadline-jobs';
import { WorkerRole } from '../../infrastructure/roles/worker-role';
import { notices } from '../notices';
import { Notifier } from '../notifier';
import { ENDING_SOON_JOB, ENDING_SOON_LEAD_MINUTES, ENDING_SOON_QUEUE, endingSoonJobId } from './ending-soon.queue';

/** The reminder's moment: the end minus the lead time, as SQL over an `auctions a` row. */
const DUE_AT = `a.end_time - make_interval(mins => ${ENDING_SOON_LEAD_MINUTES})`;
/** Open auctions whose reminder has not run yet. */
const WAITING = `a.status = ANY($1) AND NOT EXISTS (SELECT 1 FROM ending_soon_reminders r WHERE r.auction_id = a.id)`;

/**
 * "Ending soon" reminders (R-NOTICE-ENDING-SOON), one delayed job per open auction (see
 * DeadlineJobs): due the lead time before the end, re-timed when the end moves (an edit, an
 * extension), re-checked by the database clock when it fires. The reminder goes to the members
 * who bid on or watch the auction, once (their dedupe key), and the auction is then recorded in
 * `ending_soon_reminders` so reconciliation and the sweep leave it alone.
 */
@Injectable()
export class EndingSoonScheduler extends DeadlineJobs {
  constructor(
    @InjectQueue(ENDING_SOON_QUEUE) queue: Queue<DeadlineJobData>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly notifier: Notifier,
    workerRole: WorkerRole,
  ) {
    super(
      queue,
      {
        label: 'ending-soon reminder',
        jobName: ENDING_SOON_JOB,
        jobId: endingSoonJobId,
        concurrency: 10,
        sweepIntervalMs: 30_000,
      },
      workerRole,
    );
  }

  /** The reminder's moment for an auction ending at `endTime`. */
  static dueAt(endTime: Date): Date {
    return new Date(endTime.getTime() - ENDING_SOON_LEAD_MINUTES * 60_000);
  }

  protected async remainingMs(auctionId: string): Promise<number | null> {
    const [row] = await this.db.query(
      `SELECT extract(epoch FROM ${DUE_AT} - now()) * 1000 AS remaining_ms FROM auctions a WHERE a.id = $2 AND ${WAITING}`,
      [OPEN_STATUSES, auctionId],
    );
    return row ? Number(row.remaining_ms) : null;
  }

  protected async runDue(auctionId: string): Promise<boolean> {
    const [auction] = await this.db.query(
      `SELECT a.title, a.seller_id, a.current_price_fils FROM auctions a
        WHERE a.id = $2 AND ${WAITING} AND ${DUE_AT} <= now() AND a.end_time > now()`,
      [OPEN_STATUSES, auctionId],
    );
    if (!auction) return false;
    const members: { user_id: string }[] = await this.db.query(
      `SELECT user_id FROM auction_watches WHERE auction_id = $1
        UNION SELECT bidder_id FROM bids WHERE auction_id = $1 AND NOT is_cancelled`,
      [auctionId],
    );
    const facts = {
      auctionId,
      title: auction.title as string,
      priceFils: Number(auction.current_price_fils),
      minutes: ENDING_SOON_LEAD_MINUTES,
    };
    await this.notifier.notify(
      members.filter((m) => m.user_id !== auction.seller_id).map((m) => notices.endingSoon(m.user_id, facts)),
    );
    // After the notices: a crash in between runs this again, and the dedupe keys add nothing.
    const done = await this.db.query(
      `INSERT INTO ending_soon_reminders (auction_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING auction_id`,
      [auctionId],
    );
    return done.length > 0;
  }

  protected async pending(): Promise<PendingDeadline[]> {
    const rows: { id: string; due_at: Date; overdue: boolean }[] = await this.db.query(
      `SELECT a.id, ${DUE_AT} AS due_at, ${DUE_AT} <= now() AS overdue FROM auctions a WHERE ${WAITING}`,
      [OPEN_STATUSES],
    );
    return rows.map((r) => ({ id: r.id, dueAt: r.due_at, overdue: r.overdue }));
  }

  protected async overdue(graceSeconds: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT a.id FROM auctions a
        WHERE ${WAITING} AND a.end_time > now() AND ${DUE_AT} <= now() - make_interval(secs => $2) LIMIT $3`,
      [OPEN_STATUSES, graceSeconds, limit],
    );
    return rows.map((r) => r.id);
  }
}
