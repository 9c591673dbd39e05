import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus } from '@mazad/contracts';
import { DataSource, IsNull, Not } from 'typeorm';
import { AuctionReadModel, AuctionStore } from '../../../auctions';
import { AuctionEntity } from '../../../auctions/entities/auction.entity';
import { DealConfirmedEvent } from '../../../deals/events/deal-confirmed.event';
import { AppException } from '../../../common/errors/app.exception';
import { ArchiveViewsService } from '../../archive-views.service';
import { ConfirmArchivedDealCommand, ConfirmArchivedDealResult } from './confirm-archived-deal.command';

/**
 * Only the caller's own archive (403 ARCHIVE_FORBIDDEN otherwise, admins included: confirming
 * receipt is the buyer's word). The auction must be archived, sold and won by them (else 404
 * ARCHIVED_AUCTION_NOT_FOUND). The store's conditional transition sets the flag and its time once; that
 * first time publishes DealConfirmedEvent, as a live deal's confirmation does, so the seller's
 * screens hear of it.
 */
@CommandHandler(ConfirmArchivedDealCommand)
export class ConfirmArchivedDealHandler implements ICommandHandler<
  ConfirmArchivedDealCommand,
  ConfirmArchivedDealResult
> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly views: ArchiveViewsService,
    private readonly readModel: AuctionReadModel,
    private readonly store: AuctionStore,
    private readonly events: EventBus,
  ) {}

  async execute({ actor, userId, auctionId }: ConfirmArchivedDealCommand): Promise<ConfirmArchivedDealResult> {
    if (actor.id !== userId) throw new AppException('ARCHIVE_FORBIDDEN');
    const changed = await this.store.confirmArchivedDeal(auctionId, userId);
    const auction = await this.db.getRepository(AuctionEntity).findOne({
      where: { id: auctionId, winnerId: userId, status: AuctionStatus.Sold, archivedAt: Not(IsNull()) },
      relations: { seller: true, winner: true },
    });
    if (!auction) throw new AppException('ARCHIVED_AUCTION_NOT_FOUND');
    if (changed) await this.announce(auctionId, userId);
    const [archivedAuction] = await this.views.present([auction]);
    return { changed, archivedAuction };
  }

  private async announce(auctionId: string, winnerId: string) {
    const confirmed = await this.readModel.findOne(auctionId);
    if (confirmed) this.events.publish(new DealConfirmedEvent(auctionId, winnerId, confirmed));
  }
}
