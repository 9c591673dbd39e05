import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { AuctionImagesService } from '../../auction-images.service';
import { assertDeletableBySeller, isAdminSession } from '../../auction-rules';
import { AuctionEntity } from '../../entities/auction.entity';
import { AuctionDeletedEvent } from '../../events/auction-deleted.event';
import { runSql } from '../../../infrastructure/database/run-sql';
import { DeleteAuctionCommand, DeleteAuctionResult } from './delete-auction.command';

/**
 * Deletion (docs/adr/0004-auction-deletion.md):
 * - the seller, while the auction has no bids and no winner: a hard DELETE guarded by the
 *   same conditions in its WHERE clause (a bid committed in between makes it match no row),
 *   then its image files are removed;
 * - an admin session, always: a soft delete (status محذوف, bids and winner kept for the
 *   record, hidden from everyone but admins). Deleting an already deleted auction is a no-op.
 */
@CommandHandler(DeleteAuctionCommand)
export class DeleteAuctionHandler implements ICommandHandler<DeleteAuctionCommand, DeleteAuctionResult> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly images: AuctionImagesService,
    private readonly events: EventBus,
  ) {}

  async execute({ actor, auctionId }: DeleteAuctionCommand): Promise<DeleteAuctionResult> {
    const repo = this.db.getRepository(AuctionEntity);
    if (isAdminSession(actor)) {
      const { affected } = await runSql(
        this.db,
        `UPDATE auctions SET status = $2, ended_at = COALESCE(ended_at, now()), updated_at = now()
         WHERE id = $1 AND status <> $2`,
        [auctionId, AuctionStatus.Deleted],
      );
      if (affected === 0 && !(await repo.existsBy({ id: auctionId }))) throw new AppException('AUCTION_NOT_FOUND');
      if (affected > 0) this.events.publish(new AuctionDeletedEvent(auctionId));
      return { mode: 'soft' };
    }

    assertDeletableBySeller(await repo.findOneBy({ id: auctionId }), actor);
    const { rows } = await runSql<{ images: string[] }>(
      this.db,
      `DELETE FROM auctions a
       WHERE a.id = $1 AND a.seller_id = $2 AND a.status <> $3
         AND a.bid_count = 0 AND a.winner_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM bids b WHERE b.auction_id = a.id)
       RETURNING a.images`,
      [auctionId, actor.id, AuctionStatus.Deleted],
    );
    if (rows.length === 0) {
      // A bid, a sale or another delete got there first: say which.
      assertDeletableBySeller(await repo.findOneBy({ id: auctionId }), actor);
      throw new AppException('AUCTION_HAS_BIDS');
    }
    await this.images.removeUnreferenced(rows[0].images ?? []);
    this.events.publish(new AuctionDeletedEvent(auctionId));
    return { mode: 'hard' };
  }
}
