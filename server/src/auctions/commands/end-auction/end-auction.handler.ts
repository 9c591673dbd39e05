import { Logger } from '@nestjs/common';
import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus, OPEN_STATUSES } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuctionReadModel } from '../../auction-read-model';
import { AuctionEndedEvent } from '../../events/auction-ended.event';
import { runSql } from '../../../infrastructure/database/run-sql';
import { EndAuctionCommand } from './end-auction.command';

const OPEN = OPEN_STATUSES.map((s) => `'${s}'`).join(', ');

/**
 * Ends an auction exactly once, whoever asks (the delayed job, a retried job, the start-up
 * reconciliation, another replica): a conditional UPDATE that only matches an open auction
 * whose end has passed by the database clock. A bid committing at the same moment holds the
 * row and moves the end forward, so the UPDATE then matches nothing.
 */
@CommandHandler(EndAuctionCommand)
export class EndAuctionHandler implements ICommandHandler<EndAuctionCommand, boolean> {
  private readonly logger = new Logger(EndAuctionHandler.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly readModel: AuctionReadModel,
    private readonly events: EventBus,
  ) {}

  async execute({ auctionId }: EndAuctionCommand): Promise<boolean> {
    // runSql: DataSource.query answers [rows, count] for an UPDATE, so rows[0] would be the array.
    const { rows } = await runSql<{ status: AuctionStatus; winner_id: string | null; ended_at: Date }>(
      this.db,
      `UPDATE auctions a
          SET status = CASE WHEN w.bidder_id IS NULL THEN '${AuctionStatus.Unsold}' ELSE '${AuctionStatus.Sold}' END,
              winner_id = w.bidder_id, ended_at = now(), updated_at = now()
         FROM (SELECT (SELECT b.bidder_id FROM bids b WHERE b.auction_id = $1 AND NOT b.is_cancelled
                        ORDER BY b.amount_fils DESC LIMIT 1) AS bidder_id) w
        WHERE a.id = $1 AND a.status IN (${OPEN}) AND a.end_time <= now()
        RETURNING a.status, a.winner_id, a.ended_at`,
      [auctionId],
    );
    const ended = rows[0];
    if (!ended) return false;
    this.logger.log({ auctionId, status: ended.status, winnerId: ended.winner_id }, 'Auction ended');
    const auction = await this.readModel.findOne(auctionId);
    this.events.publish(
      new AuctionEndedEvent(auctionId, ended.status, ended.winner_id, ended.ended_at, auction ?? undefined),
    );
    return true;
  }
}
