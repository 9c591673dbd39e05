import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { isOpenStatus } from '@mazad/contracts';
import { DelayedError, Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { EndAuctionCommand } from '../commands/end-auction/end-auction.command';
import { AUCTION_END_QUEUE, EndJobData } from './auction-end.queue';

/**
 * Fires at an auction's (last known) end. Re-reads the end by the database clock: extended →
 * re-delay this same job to the new end; due → end it (conditional, so retries are harmless).
 */
@Processor(AUCTION_END_QUEUE, { concurrency: 10 })
export class AuctionEndProcessor extends WorkerHost {
  private readonly logger = new Logger(AuctionEndProcessor.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly commands: CommandBus,
  ) {
    super();
  }

  async process(job: Job<EndJobData>, token?: string): Promise<void> {
    const [row] = await this.db.query(
      `SELECT status, end_time, extract(epoch FROM end_time - now()) * 1000 AS remaining_ms FROM auctions WHERE id = $1`,
      [job.data.auctionId],
    );
    if (!row || !isOpenStatus(row.status)) return;
    const remainingMs = Number(row.remaining_ms);
    if (remainingMs > 0) {
      await job.moveToDelayed(Date.now() + remainingMs, token);
      throw new DelayedError();
    }
    await this.commands.execute(new EndAuctionCommand(job.data.auctionId));
  }

  /** A worker without an error listener crashes the process when Redis drops the connection. */
  @OnWorkerEvent('error')
  onError(err: Error) {
    this.logger.warn({ err }, 'End-job worker error (BullMQ reconnects by itself)');
  }
}
