import { Global, Module } from '@nestjs/common';
import { ImageOwnership } from './image-ownership';
import { ImageStorageService } from './image-storage.service';
import { OrphanImageSweeper } from './orphan-image-sweeper';

/**
 * Image storage for profile pictures and auction photos (see image-upload.ts for the HTTP side),
 * who owns each upload (image-ownership.ts) and the periodic sweep of uploaded images nothing
 * references (orphan-image-sweeper.ts).
 */
@Global()
@Module({
  providers: [ImageStorageService, ImageOwnership, OrphanImageSweeper],
  exports: [ImageStorageService, ImageOwnership],
})
export class StorageModule {}
