import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { NotificationKind } from '@mazad/contracts';
import { DelayedError, Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { QueueWorkers } from '../../infrastructure/queues/queue-worker';
import { notices } from '../notices';
import { Notifier } from '../notifier';
import { OUTBID_NOTICE_JOB, OUTBID_NOTICES_QUEUE, OutbidNoticeJob, outbidJobId } from './outbid-notices.queue';

/** Size of the map of waiting jobs from which fired ones are dropped (on the next add). */
const PRUNE_AT = 1_000;

/** What the job reads when it fires: the auction, who leads it, and the member's newest bid and outbid notice. */
interface OutbidFacts {
  title: string;
  price_fils: string;
  leader_id: string | null;
  own_bid_id: string | null;
  /** Milliseconds since the member's last outbid notice on this auction (null: none yet). */
  since_last_notice_ms: string | null;
}

/**
 * Outbid notices, coalesced (R-NOTICE-OUTBID-COALESCED). A bid that takes the lead from a member
 * only asks for a notice: a delayed job per member and auction (`OUTBID_NOTICE_DELAY`), which
 * every further outbid meanwhile joins. When it fires, on a worker, it reads the auction as it
 * stands: a member who leads again (they bid, or their maximum answered) hears nothing; one who
 * is still outbid hears the price now, once per bid of theirs that was beaten (the dedupe key
 * names that bid) and at most once per `OUTBID_NOTICE_INTERVAL` on one auction — a notice due
 * sooner waits for the interval's end and then tells the latest price. So a bid storm costs the
 * bid path one in-memory lookup per outbid (one Redis call per member and auction every few
 * seconds), and the member's phone one notice, not one per bid.
 */
@Injectable()
export class OutbidNotices implements OnModuleInit {
  private readonly logger = new Logger(OutbidNotices.name);
  /** Jobs this process asked for and that have not fired yet: their key and when they fire. */
  private readonly waiting = new Map<string, number>();

  constructor(
    @InjectQueue(OUTBID_NOTICES_QUEUE) private readonly queue: Queue<OutbidNoticeJob>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly notifier: Notifier,
    private readonly config: AppConfig,
    private readonly queueWorkers: QueueWorkers,
  ) {}

  /** `memberId` lost the lead on `auctionId`: their notice is due (or already waiting). */
  async outbid(auctionId: string, memberId: string): Promise<void> {
    const job = { auctionId, memberId };
    const id = outbidJobId(job);
    const now = Date.now();
    if ((this.waiting.get(id) ?? 0) > now) return;
    if (this.waiting.size >= PRUNE_AT) this.forgetFired(now);
    const delay = this.config.outbidNoticeDelaySeconds * 1000;
    this.waiting.set(id, now + delay);
    // An id already waiting (asked for by another replica) makes this add a no-op.
    await this.queue.add(OUTBID_NOTICE_JOB, job, { jobId: id, delay });
  }

  onModuleInit(): void {
    this.queueWorkers.register(this.queue, (job, token) => this.fire(job, token), {
      logger: this.logger,
      label: 'Outbid notice',
      onFailed: (job, err) =>
        this.logger.warn({ err, jobId: job?.id, attempt: job?.attemptsMade }, 'Outbid notice not written'),
    });
  }

  private async fire(job: Job<OutbidNoticeJob>, token?: string): Promise<void> {
    const { auctionId, memberId } = job.data;
    const [facts]: OutbidFacts[] = await this.db.query(
      `SELECT a.title, a.current_price_fils AS price_fils,
              (SELECT b.bidder_id FROM bids b WHERE b.auction_id = a.id AND NOT b.is_cancelled
                ORDER BY b.seq DESC LIMIT 1) AS leader_id,
              (SELECT b.id FROM bids b WHERE b.auction_id = a.id AND b.bidder_id = $2 AND NOT b.is_cancelled
                ORDER BY b.seq DESC LIMIT 1) AS own_bid_id,
              (SELECT extract(epoch FROM now() - max(n.created_at)) * 1000 FROM notifications n
                WHERE n.user_id = $2 AND n.kind = $3 AND n.payload->>'auctionId' = $4) AS since_last_notice_ms
         FROM auctions a WHERE a.id = $1`,
      // The id twice: as the auction's uuid, and as the text the notices' payload holds.
      [auctionId, memberId, NotificationKind.Outbid, auctionId],
    );
    if (!facts?.own_bid_id || facts.leader_id === memberId) return;
    const intervalMs = this.config.outbidNoticeIntervalSeconds * 1000;
    const sinceLast = facts.since_last_notice_ms === null ? null : Number(facts.since_last_notice_ms);
    if (sinceLast !== null && sinceLast < intervalMs && token) {
      // Told less than an interval ago: this notice waits for the interval's end, then tells the price of then.
      await job.moveToDelayed(Date.now() + intervalMs - sinceLast, token);
      throw new DelayedError();
    }
    await this.notifier.notify([
      notices.outbid(memberId, {
        auctionId,
        title: facts.title,
        beatenBidId: facts.own_bid_id,
        priceFils: Number(facts.price_fils),
      }),
    ]);
  }

  /** Drops the keys of jobs that have fired, so the map holds only what is waiting. */
  private forgetFired(now: number) {
    for (const [id, firesAt] of this.waiting) if (firesAt <= now) this.waiting.delete(id);
  }
}
