import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { Auction, jodToFils } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { AppConfig } from '../../../config/app-config';
import { AuctionImagesService } from '../../auction-images.service';
import { assertEditable, durationSeconds, fieldError } from '../../auction-rules';
import { AuctionReadModel } from '../../auction-read-model';
import { AuctionEntity } from '../../entities/auction.entity';
import { AuctionEditedEvent } from '../../events/auction-edited.event';
import { AuctionStore } from '../../store/auction-store';
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
    private readonly store: AuctionStore,
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
      const written = await this.store.edit(tx, {
        auctionId,
        sellerId: actor.id,
        title: input.title,
        description: input.description,
        category: input.category,
        images,
        startingPriceFils: startingFils,
        buyNowPriceFils: buyNowFils,
        auctionDuration: input.auctionDuration,
        durationSeconds: seconds,
      });
      if (!written) return null;
      const owner = { auctionId };
      const added = images.filter((url) => !current.images.includes(url));
      await this.ownership.claim(tx, added, actor.id, owner);
      return { endTime: written.endTime, released: await this.ownership.release(tx, owner, images) };
    });
    if (!edited) {
      // Something changed since the first read (a bid, another edit, the end): say what.
      assertEditable(await repo.findOneBy({ id: auctionId }), actor, new Date());
      throw new AppException('AUCTION_NOT_EDITABLE');
    }

    await this.ownership.removeFiles(edited.released);
    this.events.publish(new AuctionEditedEvent(auctionId, edited.endTime));
    const auction = await this.readModel.findOne(auctionId);
    if (!auction) throw new AppException('AUCTION_NOT_FOUND');
    return auction;
  }
}
