import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuditLog } from '../../../audit';
import { AppException } from '../../../common/errors/app.exception';
import { assertDeletableBySeller, isAdminSession } from '../../auction-rules';
import { AuctionEntity } from '../../entities/auction.entity';
import { AuctionDeletedEvent } from '../../events/auction-deleted.event';
import { AuctionStore } from '../../store/auction-store';
import { ImageOwnership } from '../../../infrastructure/storage/image-ownership';
import { DeleteAuctionCommand, DeleteAuctionResult } from './delete-auction.command';

/**
 * Deletion (docs/adr/0004-auction-deletion.md):
 * - the seller, while the auction has no bids and no winner: a hard DELETE guarded by the
 *   same conditions in its WHERE clause (a bid committed in between makes it match no row),
 *   then the files of the images it owned are removed (never those it merely showed: another
 *   auction's or the announcement's, see ImageOwnership);
 * - an admin session, always: a soft delete (status محذوف, bids and winner kept for the
 *   record, hidden from everyone but admins), with its audit entry in the same transaction
 *   (R-AUDIT-LOG). Deleting an already deleted auction is a no-op, recorded nowhere.
 */
@CommandHandler(DeleteAuctionCommand)
export class DeleteAuctionHandler implements ICommandHandler<DeleteAuctionCommand, DeleteAuctionResult> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly ownership: ImageOwnership,
    private readonly store: AuctionStore,
    private readonly events: EventBus,
  ) {}

  async execute({ actor, auctionId }: DeleteAuctionCommand): Promise<DeleteAuctionResult> {
    const repo = this.db.getRepository(AuctionEntity);
    if (isAdminSession(actor)) {
      const removed = await this.db.transaction(async (tx) => {
        const auctions = tx.getRepository(AuctionEntity);
        const old = await auctions.findOne({ where: { id: auctionId }, lock: { mode: 'pessimistic_write' } });
        if (!old) throw new AppException('AUCTION_NOT_FOUND');
        if (!(await this.store.removeByOperator(tx, auctionId))) return false;
        await AuditLog.record(tx, {
          actorId: actor.id,
          action: 'auction.delete',
          target: { type: 'auction', id: auctionId },
          before: { status: old.status },
          after: { status: AuctionStatus.Deleted },
        });
        return true;
      });
      if (removed) this.events.publish(new AuctionDeletedEvent(auctionId));
      return { mode: 'soft' };
    }

    assertDeletableBySeller(await repo.findOneBy({ id: auctionId }), actor);
    const released = await this.db.transaction(async (tx) => {
      // Released first (the delete would leave them ownerless); a refusal below rolls it back.
      const owned = await this.ownership.release(tx, { auctionId });
      if (!(await this.store.deleteBySeller(tx, auctionId, actor.id))) {
        // A bid, a sale or another delete got there first: say which.
        assertDeletableBySeller(await tx.getRepository(AuctionEntity).findOneBy({ id: auctionId }), actor);
        throw new AppException('AUCTION_HAS_BIDS');
      }
      return owned;
    });
    await this.ownership.removeFiles(released);
    this.events.publish(new AuctionDeletedEvent(auctionId));
    return { mode: 'hard' };
  }
}
