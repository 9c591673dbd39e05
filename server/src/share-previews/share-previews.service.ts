import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import type { PageAdditions } from '../infrastructure/static/front-ends';
import { ImageStorageService } from '../infrastructure/storage/image-storage.service';
import { shareImages } from './share-images';
import { sharePreviews } from './share-previews';

/**
 * What sharing an auction or a member's page shows in WhatsApp, Telegram or Facebook, added to
 * the web app's pages by `serveFrontEnds`: the Open Graph tags of `/auction/{id}` and
 * `/profile/{id}` (share-previews.ts) and their cards at `/share/…jpg` (share-images.ts).
 */
@Injectable()
export class SharePreviewsService implements PageAdditions {
  private readonly previews: ReturnType<typeof sharePreviews>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: ImageStorageService,
    config: AppConfig,
  ) {
    this.previews = sharePreviews(db, config.publicOrigin);
  }

  middleware() {
    return shareImages(this.db, this.storage);
  }

  headTagsFor(path: string) {
    return this.previews.tagsFor(path);
  }
}
