import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AppException } from '../../../common/errors/app.exception';
import { AuctionImagesService } from '../../auction-images.service';
import { assertVerified } from '../../../auth';
import { UploadAuctionImageCommand } from './upload-auction-image.command';

/**
 * Checks (by content), re-encodes and stores one auction photo, recorded as the member's. Only
 * verified members may upload: only they can list or edit auctions. The URL is used by
 * PUT /api/auctions/{id} (or by an admin's announcement), which only its uploader may do.
 */
@CommandHandler(UploadAuctionImageCommand)
export class UploadAuctionImageHandler implements ICommandHandler<UploadAuctionImageCommand, string> {
  constructor(private readonly images: AuctionImagesService) {}

  async execute({ actor, image }: UploadAuctionImageCommand): Promise<string> {
    assertVerified(actor);
    if (!image || image.length === 0) throw new AppException('IMAGE_REQUIRED');
    return this.images.storeForLater(image, actor.id);
  }
}
