import { CommandBus, CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { OPEN_STATUSES } from '@mazad/contracts';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuctionStore } from '../../../auctions';
import { AuditLog } from '../../../audit';
import { RepriceWithoutMemberCommand } from '../../../bids';
import { AuctionDeletedEvent } from '../../../auctions/events/auction-deleted.event';
import { AppException } from '../../../common/errors/app.exception';
import { AccountStore } from '../../../users';
import { ImageStorageService } from '../../../infrastructure/storage/image-storage.service';
import { UserDeletedEvent } from '../../events/user-deleted.event';
import { DeleteUserCommand, DeleteUserResult } from './delete-user.command';

/**
 * Deleting a member loses nothing another member owns (docs/adr/0006-admin-deletes.md). In one
 * transaction, under the member's row lock:
 * - their open auctions are cancelled (ملغي) and leave the live lists at once; the bids other
 *   members placed on them stay;
 * - their maximums are deleted (R-MAX-BID), so the engine never bids for them again;
 * - the row is anonymised, not removed (AccountStore.anonymise): name "مستخدم محذوف", a unique
 *   tombstone email, no phone, location, photo or Telegram link, an unusable password, a bumped
 *   token version and `deleted_at`, so login, tokens and password resets all fail while every
 *   bid, message, rating and sale that refers to the member stays valid.
 * Afterwards the cancelled auctions' end jobs are dropped, every other open auction they had a
 * standing automatic bid on is repriced without those bids and their maximums (R-MAX-BID-REMOVAL:
 * their manual bids stand, docs/adr/0014-removal-reprices.md; in that
 * auction's bid order: RepriceWithoutMemberCommand) before the answer, and the old photo file is removed.
 * The audit entry (deleted, and the auctions cancelled; none of the personal data the deletion
 * removes, since the log keeps forever what it holds) is written in
 * the same transaction (R-AUDIT-LOG). Deleting a deleted member changes nothing and records
 * nothing; an admin cannot delete their own account.
 */
@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand, DeleteUserResult> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: ImageStorageService,
    private readonly store: AuctionStore,
    private readonly accounts: AccountStore,
    private readonly events: EventBus,
    private readonly commands: CommandBus,
  ) {}

  async execute({ actor, userId }: DeleteUserCommand): Promise<DeleteUserResult> {
    if (actor.id === userId) throw new AppException('ADMIN_SELF_DELETE');
    const outcome = await this.db.transaction(async (m) => {
      const [user]: { profile_image: string | null; deleted_at: Date | null }[] = await m.query(
        `SELECT profile_image, deleted_at FROM users WHERE id = $1 FOR UPDATE`,
        [userId],
      );
      if (!user) throw new AppException('USER_NOT_FOUND');
      if (user.deleted_at) return null;
      const cancelledIds = await this.store.cancelForDeletedMember(m, userId);
      const biddenIds: { auction_id: string }[] = await m.query(
        `SELECT DISTINCT b.auction_id FROM bids b JOIN auctions a ON a.id = b.auction_id
          WHERE b.bidder_id = $1 AND b.is_automatic AND NOT b.is_cancelled AND a.status = ANY($2::text[])`,
        [userId, OPEN_STATUSES],
      );
      await this.store.forgetMaxBidsOf(m, userId);
      await this.accounts.anonymise(m, userId);
      await AuditLog.record(m, {
        actorId: actor.id,
        action: 'user.delete',
        target: { type: 'user', id: userId },
        before: { deleted: false },
        after: { deleted: true, cancelledAuctions: cancelledIds.length },
      });
      return { cancelledIds, biddenIds: biddenIds.map((r) => r.auction_id), profileImage: user.profile_image };
    });
    if (!outcome) return { changed: false, cancelledAuctions: 0 };
    for (const id of outcome.cancelledIds) this.events.publish(new AuctionDeletedEvent(id));
    this.events.publish(new UserDeletedEvent(userId, outcome.cancelledIds));
    await this.commands.execute(new RepriceWithoutMemberCommand(userId, outcome.biddenIds));
    if (outcome.profileImage) await this.storage.remove(outcome.profileImage);
    return { changed: true, cancelledAuctions: outcome.cancelledIds.length };
  }
}
