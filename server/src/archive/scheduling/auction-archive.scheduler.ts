import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { DeadlineJobData, DeadlineJobs, PendingDeadline } from '../../infrastructure/deadline-jobs';
import { WorkerRole } from '../../infrastructure/roles/worker-role';
import { ARCHIVE_PENDING_SQL, ArchivePolicy } from '../archive-policy';
import { ArchiveAuctionCommand } from '../commands/archive-auction/archive-auction.command';
import { AUCTION_ARCHIVE_QUEUE } from './auction-archive.queue';

/**
 * The move of ended auctions to the archive, one delayed job each (see DeadlineJobs), due
 * ArchivePolicy's delay after the end. The due moment never moves once an auction has ended;
 * the job re-checks it by the database clock when it fires and waits again if it woke early
 * (or its delay was computed on another machine's clock).
 */
@Injectable()
export class AuctionArchiveScheduler extends DeadlineJobs {
  constructor(
    @InjectQueue(AUCTION_ARCHIVE_QUEUE) queue: Queue<DeadlineJobData>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly policy: ArchivePolicy,
    private readonly commands: CommandBus,
    workerRole: WorkerRole,
  ) {
    super(queue, 'archive', workerRole);
  }

  protected async remainingMs(auctionId: string): Promise<number | null> {
    const [row] = await this.db.query(
      `SELECT extract(epoch FROM ${this.policy.dueSql(2)} - now()) * 1000 AS remaining_ms
         FROM auctions a WHERE a.id = $1 AND ${ARCHIVE_PENDING_SQL}`,
      [auctionId, ...this.policy.params()],
    );
    return row ? Number(row.remaining_ms) : null;
  }

  protected async runDue(auctionId: string): Promise<boolean> {
    return this.commands.execute(new ArchiveAuctionCommand(auctionId));
  }

  protected async pending(): Promise<PendingDeadline[]> {
    const rows: { id: string; due_at: Date; overdue: boolean }[] = await this.db.query(
      `SELECT a.id, ${this.policy.dueSql(1)} AS due_at, ${this.policy.dueSql(1)} <= now() AS overdue
         FROM auctions a WHERE ${ARCHIVE_PENDING_SQL}`,
      this.policy.params(),
    );
    return rows.map((r) => ({ id: r.id, dueAt: r.due_at, overdue: r.overdue }));
  }

  protected async overdue(graceSeconds: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT a.id FROM auctions a
        WHERE ${ARCHIVE_PENDING_SQL} AND ${this.policy.dueSql(1)} <= now() - make_interval(secs => $3)
        LIMIT $4`,
      [...this.policy.params(), graceSeconds, limit],
    );
    return rows.map((r) => r.id);
  }
}
