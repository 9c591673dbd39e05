import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { Auction, dealConfirmRefusal } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuctionReadModel, AuctionStore } from '../../../auctions';
import { AppException } from '../../../common/errors/app.exception';
import { DealConfirmedEvent } from '../../events/deal-confirmed.event';
import { ConfirmDealCommand } from './confirm-deal.command';

/**
 * One conditional UPDATE (the store's confirmDeal) sets `is_deal_confirmed` and `deal_confirmed_at` the first time only;
 * later (or simultaneous) calls match nothing and answer success with the auction unchanged.
 * When nothing matched, a read tells why by contracts' dealConfirmRefusal: 404 AUCTION_NOT_FOUND
 * (missing or deleted), 403 NOT_DEAL_PARTY (neither seller nor winner), 400 AUCTION_NOT_SOLD, or
 * (no refusal) already confirmed.
 */
@CommandHandler(ConfirmDealCommand)
export class ConfirmDealHandler implements ICommandHandler<ConfirmDealCommand, { auction: Auction; changed: boolean }> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly readModel: AuctionReadModel,
    private readonly store: AuctionStore,
    private readonly events: EventBus,
  ) {}

  async execute({ actor, auctionId }: ConfirmDealCommand) {
    const changed = await this.store.confirmDeal(auctionId, actor.id);
    if (!changed) await this.explainNoChange(auctionId, actor.id);
    const auction = (await this.readModel.findOne(auctionId))!;
    if (changed) this.events.publish(new DealConfirmedEvent(auctionId, actor.id, auction));
    return { auction, changed };
  }

  /** Throws the reason the UPDATE matched nothing; returns when the deal was already confirmed. */
  private async explainNoChange(auctionId: string, actorId: string): Promise<void> {
    const [row]: { status: string; seller_id: string; winner_id: string | null }[] = await this.db.query(
      `SELECT status, seller_id, winner_id FROM auctions WHERE id = $1`,
      [auctionId],
    );
    const code = dealConfirmRefusal(
      row && { status: row.status, sellerId: row.seller_id, winnerId: row.winner_id },
      actorId,
    );
    if (code) throw new AppException(code);
  }
}
