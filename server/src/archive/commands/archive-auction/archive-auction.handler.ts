import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { runSql } from '../../../infrastructure/database/run-sql';
import { ARCHIVE_PENDING_SQL, ArchivePolicy } from '../../archive-policy';
import { ArchiveAuctionCommand } from './archive-auction.command';

/**
 * Archives exactly once, whoever asks (the delayed job, a retry, the start-up reconciliation,
 * the sweep, another replica): one conditional UPDATE that only matches a sold or unsold
 * auction, not archived yet, whose archive moment has passed by the database clock. The row
 * itself stays, so its bids, messages and ratings stay linked and nothing is copied.
 */
@CommandHandler(ArchiveAuctionCommand)
export class ArchiveAuctionHandler implements ICommandHandler<ArchiveAuctionCommand, boolean> {
  private readonly logger = new Logger(ArchiveAuctionHandler.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly policy: ArchivePolicy,
  ) {}

  async execute({ auctionId }: ArchiveAuctionCommand): Promise<boolean> {
    const { rows } = await runSql<{ status: AuctionStatus; archived_at: Date }>(
      this.db,
      `UPDATE auctions a SET archived_at = now()
        WHERE a.id = $1 AND ${ARCHIVE_PENDING_SQL} AND ${this.policy.dueSql(2)} <= now()
        RETURNING a.status, a.archived_at`,
      [auctionId, ...this.policy.params()],
    );
    const archived = rows[0];
    if (!archived) return false;
    this.logger.log({ auctionId, status: archived.status }, 'Auction archived');
    return true;
  }
}
