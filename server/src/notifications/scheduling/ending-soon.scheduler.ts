import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DEFAULT_ENDING_SOON_LEAD_MINUTES, ENDING_SOON_LEAD_MINUTES, OPEN_STATUSES } from '@mazad/contracts';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { DeadlineJobData, DeadlineJobs, PendingDeadline } from '../../infrastructure/deadline-jobs';
import { WorkerRole } from '../../infrastructure/roles/worker-role';
import { notices } from '../notices';
import { Notifier } from '../notifier';
import { ENDING_SOON_QUEUE, parseStageKey, stageKey } from './ending-soon.queue';

/** A stage's moment: the end minus its lead time, as SQL over an `auctions a` row and a stage `s(minutes)`. */
const DUE_AT = `a.end_time - make_interval(mins => s.minutes)`;
/** Open auctions whose stage has not run yet. */
const WAITING = `a.status = ANY($1) AND NOT EXISTS
  (SELECT 1 FROM ending_soon_reminders r WHERE r.auction_id = a.id AND r.lead_minutes = s.minutes)`;
/** Every stage of every auction: the lead times a member may choose. */
const ALL_STAGES = `auctions a CROSS JOIN unnest($2::int[]) AS s(minutes)`;
/** One stage of one auction ($2 the auction, $3 the minutes). */
const ONE_STAGE = `auctions a CROSS JOIN (SELECT $3::int AS minutes) s`;

/**
 * "Ending soon" reminders (R-NOTICE-ENDING-SOON), one delayed job per open auction and lead time
 * a member may choose (a stage; see DeadlineJobs, whose key here is the stage's
 * `<minutes>-<auctionId>`): each due its lead time before the end, all re-timed when the end
 * moves (an edit, an extension), re-checked by the database clock when it fires. A stage reminds
 * the members who bid on or watch the auction and chose its lead time (the default when they
 * chose nothing), once (their dedupe key), and is then recorded in `ending_soon_reminders` so
 * reconciliation and the sweep leave it alone.
 */
@Injectable()
export class EndingSoonScheduler extends DeadlineJobs {
  constructor(
    @InjectQueue(ENDING_SOON_QUEUE) queue: Queue<DeadlineJobData>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly notifier: Notifier,
    workerRole: WorkerRole,
  ) {
    super(queue, 'ending-soon reminder', workerRole);
  }

  /**
   * Every stage's job at the end minus its lead time. `aheadOnly` leaves the stages already due
   * alone (a bid's extension: they ran, or their job is about to).
   */
  async scheduleStages(auctionId: string, endTime: Date, { aheadOnly = false } = {}): Promise<void> {
    for (const minutes of ENDING_SOON_LEAD_MINUTES) {
      const dueAt = new Date(endTime.getTime() - minutes * 60_000);
      if (aheadOnly && dueAt.getTime() <= Date.now()) continue;
      await this.schedule(stageKey(minutes, auctionId), dueAt);
    }
  }

  /** Drops every stage's job (the auction ended or was deleted). */
  async cancelStages(auctionId: string): Promise<void> {
    for (const minutes of ENDING_SOON_LEAD_MINUTES) await this.cancel(stageKey(minutes, auctionId));
  }

  protected async remainingMs(key: string): Promise<number | null> {
    const stage = parseStageKey(key);
    if (!stage) return null;
    const [row] = await this.db.query(
      `SELECT extract(epoch FROM ${DUE_AT} - now()) * 1000 AS remaining_ms FROM ${ONE_STAGE}
        WHERE a.id = $2 AND ${WAITING}`,
      [OPEN_STATUSES, stage.auctionId, stage.minutes],
    );
    return row ? Number(row.remaining_ms) : null;
  }

  protected async runDue(key: string): Promise<boolean> {
    const stage = parseStageKey(key);
    if (!stage) return false;
    const { auctionId, minutes } = stage;
    const [auction] = await this.db.query(
      `SELECT a.title, a.current_price_fils FROM ${ONE_STAGE}
        WHERE a.id = $2 AND ${WAITING} AND ${DUE_AT} <= now() AND a.end_time > now()`,
      [OPEN_STATUSES, auctionId, minutes],
    );
    if (!auction) return false;
    // The bidders and watchers (never the seller) whose lead time is this stage's.
    const members: { user_id: string }[] = await this.db.query(
      `SELECT m.user_id FROM (SELECT user_id FROM auction_watches WHERE auction_id = $1
                             UNION SELECT bidder_id FROM bids WHERE auction_id = $1 AND NOT is_cancelled) m
         LEFT JOIN notification_preferences p ON p.user_id = m.user_id
        WHERE m.user_id <> (SELECT seller_id FROM auctions WHERE id = $1)
          AND COALESCE(p.ending_soon_lead_minutes, $3) = $2`,
      [auctionId, minutes, DEFAULT_ENDING_SOON_LEAD_MINUTES],
    );
    const facts = {
      auctionId,
      title: auction.title as string,
      priceFils: Number(auction.current_price_fils),
      minutes,
    };
    await this.notifier.notify(members.map((m) => notices.endingSoon(m.user_id, facts)));
    // After the notices: a crash in between runs this again, and the dedupe keys add nothing.
    const done = await this.db.query(
      `INSERT INTO ending_soon_reminders (auction_id, lead_minutes) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING auction_id`,
      [auctionId, minutes],
    );
    return done.length > 0;
  }

  protected async pending(): Promise<PendingDeadline[]> {
    const rows: { id: string; minutes: number; due_at: Date; overdue: boolean }[] = await this.db.query(
      `SELECT a.id, s.minutes, ${DUE_AT} AS due_at, ${DUE_AT} <= now() AS overdue FROM ${ALL_STAGES} WHERE ${WAITING}`,
      [OPEN_STATUSES, ENDING_SOON_LEAD_MINUTES],
    );
    return rows.map((r) => ({ id: stageKey(r.minutes, r.id), dueAt: r.due_at, overdue: r.overdue }));
  }

  protected async overdue(graceSeconds: number, limit: number): Promise<string[]> {
    const rows: { id: string; minutes: number }[] = await this.db.query(
      `SELECT a.id, s.minutes FROM ${ALL_STAGES}
        WHERE ${WAITING} AND a.end_time > now() AND ${DUE_AT} <= now() - make_interval(secs => $3) LIMIT $4`,
      [OPEN_STATUSES, ENDING_SOON_LEAD_MINUTES, graceSeconds, limit],
    );
    return rows.map((r) => stageKey(r.minutes, r.id));
  }
}
