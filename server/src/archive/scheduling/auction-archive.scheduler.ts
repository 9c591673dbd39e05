import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { ARCHIVE_JOB, ArchiveJobData, archiveJobId, AUCTION_ARCHIVE_QUEUE } from './auction-archive.queue';

/**
 * One delayed archive job per ended auction. The due moment never moves once an auction has
 * ended, so an existing job is left alone; the job re-checks the due moment by the database
 * clock when it fires and re-delays itself if it woke early.
 */
@Injectable()
export class AuctionArchiveScheduler {
  constructor(@InjectQueue(AUCTION_ARCHIVE_QUEUE) private readonly queue: Queue<ArchiveJobData>) {}

  async schedule(auctionId: string, dueAt: Date): Promise<void> {
    await this.queue.add(
      ARCHIVE_JOB,
      { auctionId },
      {
        jobId: archiveJobId(auctionId),
        delay: Math.max(0, dueAt.getTime() - Date.now()),
        attempts: 10,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: true,
        removeOnFail: 1_000,
      },
    );
  }

  async cancel(auctionId: string): Promise<void> {
    const job = await this.queue.getJob(archiveJobId(auctionId));
    if (job && !(await job.isActive())) await job.remove();
  }
}
