import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { runSql } from '../../../infrastructure/database/run-sql';
import { RecordAuctionViewCommand } from './record-auction-view.command';

/**
 * One atomic increment (no read-modify-write, so concurrent views are never lost). Raw SQL on
 * purpose: TypeORM's update builder would also bump updated_at, which means "last edited".
 */
@CommandHandler(RecordAuctionViewCommand)
export class RecordAuctionViewHandler implements ICommandHandler<RecordAuctionViewCommand, boolean> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ auctionId }: RecordAuctionViewCommand): Promise<boolean> {
    const { affected } = await runSql(
      this.db,
      `UPDATE auctions SET view_count = view_count + 1 WHERE id = $1 AND status <> $2`,
      [auctionId, AuctionStatus.Deleted],
    );
    return affected > 0;
  }
}
