import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { Auction, jodToFils, LIMITS } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { AppConfig } from '../../../config/app-config';
import { AuctionImagesService } from '../../auction-images.service';
import { assertVerified } from '../../../auth';
import { durationSeconds, fieldError } from '../../auction-rules';
import { AuctionReadModel } from '../../auction-read-model';
import { AuctionCreatedEvent } from '../../events/auction-created.event';
import { AuctionStore } from '../../store/auction-store';
import { ImageOwnership } from '../../../infrastructure/storage/image-ownership';
import { CreateAuctionCommand } from './create-auction.command';

/**
 * Lists an auction. Nothing is half-written: the fields (validated by the DTO) and the
 * duration and image count are checked first; then every image is decoded and stored, all
 * or none; then one transaction inserts the auction and records it as the images' owner
 * (ImageOwnership); its failure removes the stored files. Times come from the
 * database clock (start = now(), end = now() + duration). AuctionCreatedEvent is published
 * after the row is committed (the end job and the `new-auction` broadcast hang off it).
 */
@CommandHandler(CreateAuctionCommand)
export class CreateAuctionHandler implements ICommandHandler<CreateAuctionCommand, Auction> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly images: AuctionImagesService,
    private readonly ownership: ImageOwnership,
    private readonly readModel: AuctionReadModel,
    private readonly store: AuctionStore,
    private readonly events: EventBus,
  ) {}

  async execute({ seller, input, images }: CreateAuctionCommand): Promise<Auction> {
    assertVerified(seller);
    const seconds = durationSeconds(this.config, input.auctionDuration);
    const startingFils = jodToFils(input.startingPrice);
    if (startingFils === undefined) throw fieldError('startingPrice', 'السعر الابتدائي غير صالح');
    const buyNowFils = input.buyNowPrice == null ? null : jodToFils(input.buyNowPrice);
    if (buyNowFils === undefined) throw fieldError('buyNowPrice', 'سعر الشراء الفوري غير صالح');
    if (images.length === 0) throw fieldError('images', 'يجب رفع صورة واحدة على الأقل', 'AUCTION_IMAGES_REQUIRED');
    if (images.length > LIMITS.maxImagesPerAuction) {
      throw fieldError('images', `لا يمكن رفع أكثر من ${LIMITS.maxImagesPerAuction} صور`, 'TOO_MANY_IMAGES');
    }

    const urls = await this.images.storeAll(images);
    let created: { id: string; endTime: Date };
    try {
      created = await this.db.transaction(async (tx) => {
        const row = await this.store.create(tx, {
          sellerId: seller.id,
          title: input.title,
          description: input.description,
          category: input.category,
          images: urls,
          startingPriceFils: startingFils,
          buyNowPriceFils: buyNowFils,
          auctionDuration: input.auctionDuration,
          endsInSeconds: seconds,
        });
        await this.ownership.recordUploads(urls, seller.id, { auctionId: row.id }, tx);
        return row;
      });
    } catch (err) {
      await this.ownership.removeFiles(urls);
      throw err;
    }

    this.events.publish(new AuctionCreatedEvent(created.id, created.endTime));
    const auction = await this.readModel.findOne(created.id);
    if (!auction) throw new AppException('AUCTION_NOT_FOUND');
    return auction;
  }
}
