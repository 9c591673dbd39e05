import { Global, Module } from '@nestjs/common';
import { ImageStorageService } from './image-storage.service';
import { OrphanImageSweeper } from './orphan-image-sweeper';

/**
 * Image storage for profile pictures and auction photos (see image-upload.ts for the HTTP side),
 * and the periodic sweep of uploaded images nothing references (orphan-image-sweeper.ts).
 */
@Global()
@Module({ providers: [ImageStorageService, OrphanImageSweeper], exports: [ImageStorageService] })
export class StorageModule {}
