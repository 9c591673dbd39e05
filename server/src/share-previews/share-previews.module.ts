import { Module } from '@nestjs/common';
import { SharePreviewsService } from './share-previews.service';

/**
 * Sharing previews of auctions and members' pages (tags and cards), served with the web app's
 * pages: createApp hands SharePreviewsService to serveFrontEnds.
 */
@Module({
  providers: [SharePreviewsService],
})
export class SharePreviewsModule {}
