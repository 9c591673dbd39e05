import { ApiErrors } from '../common/errors/api-error.dto';
import { Controller, Post, UploadedFile, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { UploadImageResult } from '@mazad/contracts';
import { type AuthUser, CurrentUser } from '../auth';
import { ImageUpload, UploadedImage } from '../infrastructure/storage/image-upload';
import { UploadAuctionImageCommand } from './commands/upload-auction-image/upload-auction-image.command';
import { UploadImageFormDto, UploadImageResultDto } from './dto/auction-responses.dto';
import { VerifiedMemberGuard } from './verified-member.guard';

/** Single image uploads for the edit form (it sends the returned URLs in `images`). */
@ApiTags('auctions')
@Controller('upload')
export class AuctionImagesController {
  constructor(private readonly commands: CommandBus) {}

  @Post('images')
  @UseGuards(VerifiedMemberGuard)
  @ApiBearerAuth()
  @ImageUpload({ field: 'image' })
  @ApiBody({ type: UploadImageFormDto })
  @ApiOperation({
    summary: 'Upload one auction image',
    description:
      'Multipart field `image`; checked by content, at most 5 MB, stored as WebP (≤ 1600 px) without metadata.',
  })
  @ApiCreatedResponse({ type: UploadImageResultDto })
  @ApiErrors(
    'IMAGE_REQUIRED',
    'IMAGE_INVALID',
    'TOO_MANY_IMAGES',
    'UNKNOWN_FIELD',
    'MULTIPART_INVALID',
    'UNAUTHORIZED',
    'TOKEN_INVALID',
    'ACCOUNT_NOT_VERIFIED',
    'IMAGE_TOO_LARGE',
    'IMAGE_TOO_MANY_PIXELS',
    'UPLOAD_RATE_LIMITED',
    'UPLOAD_QUOTA_EXCEEDED',
    'UPLOADS_UNAVAILABLE (no UPLOAD_DIR)',
  )
  async upload(
    @CurrentUser() actor: AuthUser,
    @UploadedFile() file: UploadedImage | undefined,
  ): Promise<UploadImageResult> {
    const imageUrl = await this.commands.execute(new UploadAuctionImageCommand(actor, file?.buffer));
    return { success: true, message: 'تم رفع الصورة بنجاح', imageUrl };
  }
}
