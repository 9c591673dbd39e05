import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { isOpenStatus, OPEN_STATUSES } from '@mazad/contracts';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { DeadlineJobData, DeadlineJobs, PendingDeadline } from '../../infrastructure/deadline-jobs';
import { WorkerRole } from '../../infrastructure/roles/worker-role';
import { EndAuctionCommand } from '../commands/end-auction/end-auction.command';
import { AUCTION_END_QUEUE } from './auction-end.queue';

/**
 * The end of open auctions, one delayed job each (see DeadlineJobs). Bids never touch the
 * queue: an extended auction's job finds its end moved when it fires and waits again; only a
 * change that can bring the end EARLIER (an edit) re-times the job through `schedule`.
 */
@Injectable()
export class AuctionEndScheduler extends DeadlineJobs {
  constructor(
    @InjectQueue(AUCTION_END_QUEUE) queue: Queue<DeadlineJobData>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly commands: CommandBus,
    workerRole: WorkerRole,
  ) {
    super(queue, 'auction end', workerRole);
  }

  protected async remainingMs(auctionId: string): Promise<number | null> {
    const [row] = await this.db.query(
      `SELECT status, extract(epoch FROM end_time - now()) * 1000 AS remaining_ms FROM auctions WHERE id = $1`,
      [auctionId],
    );
    return row && isOpenStatus(row.status) ? Number(row.remaining_ms) : null;
  }

  protected async runDue(auctionId: string): Promise<boolean> {
    return this.commands.execute(new EndAuctionCommand(auctionId));
  }

  protected async pending(): Promise<PendingDeadline[]> {
    const open: { id: string; end_time: Date; overdue: boolean }[] = await this.db.query(
      `SELECT id, end_time, end_time <= now() AS overdue FROM auctions WHERE status = ANY($1)`,
      [OPEN_STATUSES],
    );
    return open.map((a) => ({ id: a.id, dueAt: a.end_time, overdue: a.overdue }));
  }

  protected async overdue(graceSeconds: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM auctions WHERE status = ANY($1) AND end_time <= now() - make_interval(secs => $2) LIMIT $3`,
      [OPEN_STATUSES, graceSeconds, limit],
    );
    return rows.map((r) => r.id);
  }
}
