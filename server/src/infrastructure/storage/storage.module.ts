import { Global, Module } from '@nestjs/common';
import { ImageStorageService } from './image-storage.service';

/** Image storage for profile pictures and auction photos (see image-upload.ts for the HTTP side). */
@Global()
@Module({ providers: [ImageStorageService], exports: [ImageStorageService] })
export class StorageModule {}
