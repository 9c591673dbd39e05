import { Processor, WorkerHost } from '@nestjs/bullmq';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DelayedError, Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { ARCHIVE_PENDING_SQL, ArchivePolicy } from '../archive-policy';
import { ArchiveAuctionCommand } from '../commands/archive-auction/archive-auction.command';
import { ArchiveJobData, AUCTION_ARCHIVE_QUEUE } from './auction-archive.queue';

/**
 * Fires at an auction's archive moment. Archives it (conditional, so retries and races are
 * harmless); if the database clock says it is not due yet (the job woke early, or the delay
 * was computed on another machine's clock), the same job is re-delayed to the due moment.
 */
@Processor(AUCTION_ARCHIVE_QUEUE, { concurrency: 5 })
export class AuctionArchiveProcessor extends WorkerHost {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly policy: ArchivePolicy,
    private readonly commands: CommandBus,
  ) {
    super();
  }

  async process(job: Job<ArchiveJobData>, token?: string): Promise<void> {
    if (await this.commands.execute(new ArchiveAuctionCommand(job.data.auctionId))) return;
    const [row] = await this.db.query(
      `SELECT extract(epoch FROM ${this.policy.dueSql(2)} - now()) * 1000 AS remaining_ms
         FROM auctions a WHERE a.id = $1 AND ${ARCHIVE_PENDING_SQL}`,
      [job.data.auctionId, ...this.policy.params()],
    );
    const remainingMs = row ? Number(row.remaining_ms) : 0;
    if (remainingMs > 0) {
      await job.moveToDelayed(Date.now() + Math.ceil(remainingMs), token);
      throw new DelayedError();
    }
  }
}
