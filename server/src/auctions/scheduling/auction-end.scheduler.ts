import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AUCTION_END_QUEUE, END_JOB, EndJobData, endJobId } from './auction-end.queue';

/**
 * Keeps one delayed end job per open auction. The job itself re-reads the end time when it
 * fires and re-delays itself if bids extended the auction, so bids never touch the queue;
 * only changes that can bring the end EARLIER (an edit) re-time the job here.
 */
@Injectable()
export class AuctionEndScheduler {
  constructor(@InjectQueue(AUCTION_END_QUEUE) private readonly queue: Queue<EndJobData>) {}

  async schedule(auctionId: string, endTime: Date): Promise<void> {
    const delay = Math.max(0, endTime.getTime() - Date.now());
    const jobId = endJobId(auctionId);
    const existing = await this.queue.getJob(jobId);
    if (existing && (await existing.isDelayed())) {
      await existing.changeDelay(delay);
      return;
    }
    await this.queue.add(
      END_JOB,
      { auctionId },
      {
        jobId,
        delay,
        attempts: 10,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: true,
        removeOnFail: 1_000,
      },
    );
  }

  async cancel(auctionId: string): Promise<void> {
    const job = await this.queue.getJob(endJobId(auctionId));
    if (job && !(await job.isActive())) await job.remove();
  }
}
