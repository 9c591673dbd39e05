import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { Auction, AuctionStatus, jodToFils } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { AppConfig } from '../../../config/app-config';
import { AuctionImagesService } from '../../auction-images.service';
import { assertEditable, durationSeconds, fieldError } from '../../auction-rules';
import { AuctionReadModel } from '../../auction-read-model';
import { AuctionEntity } from '../../entities/auction.entity';
import { AuctionEditedEvent } from '../../events/auction-edited.event';
import { runSql } from '../../../infrastructure/database/run-sql';
import { ImageOwnership } from '../../../infrastructure/storage/image-ownership';
import { EditAuctionCommand } from './edit-auction.command';

/**
 * The seller's one edit (see docs/adr/0005-auction-edit.md). A first read gives precise
 * errors and the current images; the write is ONE conditional UPDATE (seller, active, not
 * past its end, no bids, never edited), so a bid committed in between makes it match no row
 * instead of slipping through; the row is then re-read to name the reason. In the same
 * transaction the auction claims the images it adds (only the seller's own free uploads: 403
 * IMAGE_NOT_OWNED otherwise) and lets go of those it dropped, whose files go after the commit.
 *
 * With no bids the current price is the (new) starting price. Changing the duration restarts
 * the clock: end = now() + new duration; keeping it keeps the end time.
 */
@CommandHandler(EditAuctionCommand)
export class EditAuctionHandler implements ICommandHandler<EditAuctionCommand, Auction> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly images: AuctionImagesService,
    private readonly ownership: ImageOwnership,
    private readonly readModel: AuctionReadModel,
    private readonly events: EventBus,
  ) {}

  async execute({ actor, auctionId, input }: EditAuctionCommand): Promise<Auction> {
    const repo = this.db.getRepository(AuctionEntity);
    const current = await repo.findOneBy({ id: auctionId });
    assertEditable(current, actor, new Date());

    const seconds = durationSeconds(this.config, input.auctionDuration);
    const startingFils = jodToFils(input.startingPrice);
    if (startingFils === undefined) throw fieldError('startingPrice', 'السعر الابتدائي غير صالح');
    const buyNowFils = input.buyNowPrice == null ? null : jodToFils(input.buyNowPrice);
    if (buyNowFils === undefined) throw fieldError('buyNowPrice', 'سعر الشراء الفوري غير صالح');
    const images = input.images?.length ? [...new Set(input.images)] : current.images;
    await this.images.assertUsableForEdit(images, current.images);

    const edited = await this.db.transaction(async (tx) => {
      const { rows } = await runSql<{ end_time: Date }>(
        tx,
        `UPDATE auctions SET
           title = $3, description = $4, category = $5, images = $6::text[],
           starting_price_fils = $7, current_price_fils = $7, buy_now_price_fils = $8,
           end_time = CASE WHEN auction_duration = $9 THEN end_time ELSE now() + make_interval(secs => $10) END,
           auction_duration = $9,
           has_been_edited = true,
           updated_at = now()
         WHERE id = $1 AND seller_id = $2 AND status = $11 AND bid_count = 0
           AND NOT has_been_edited AND end_time > now()
         RETURNING end_time`,
        [
          auctionId,
          actor.id,
          input.title,
          input.description,
          input.category,
          images,
          startingFils,
          buyNowFils,
          input.auctionDuration,
          seconds,
          AuctionStatus.Active,
        ],
      );
      if (rows.length === 0) return null;
      const owner = { auctionId };
      const added = images.filter((url) => !current.images.includes(url));
      await this.ownership.claim(tx, added, actor.id, owner);
      return { endTime: rows[0].end_time, released: await this.ownership.release(tx, owner, images) };
    });
    if (!edited) {
      // Something changed since the first read (a bid, another edit, the end): say what.
      assertEditable(await repo.findOneBy({ id: auctionId }), actor, new Date());
      throw new AppException('AUCTION_NOT_EDITABLE');
    }

    await this.ownership.removeFiles(edited.released);
    this.events.publish(new AuctionEditedEvent(auctionId, new Date(edited.endTime)));
    const auction = await this.readModel.findOne(auctionId);
    if (!auction) throw new AppException('AUCTION_NOT_FOUND');
    return auction;
  }
}
