import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  ChangeCredentialsResult,
  ConfirmEmailChangeResult,
  ProfileImageResult,
  PublicUser,
  UpdateProfileResult,
  User,
  UserResult,
  UserStatsResult,
} from '@mazad/contracts';

/** OpenAPI descriptions of the users responses (the types themselves live in contracts). */
export class PublicUserDto implements PublicUser {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'أحمد محمد' }) name: string;
  @ApiProperty({ example: 'عمّان' }) location: string;
  @ApiProperty({ type: String, nullable: true, example: '/uploads/0f3c…e1.webp' }) profileImage: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class UserDto extends PublicUserDto implements User {
  @ApiProperty({ example: 'ahmad@example.com' }) email: string;
  @ApiProperty({ example: '+962 79 123 4567' }) phone: string;
  @ApiProperty() isVerified: boolean;
  @ApiProperty() isAdmin: boolean;
}

export class UserResultDto implements UserResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({
    type: UserDto,
    description:
      'Public fields only, unless the caller is the owner or an admin session (then email, phone, flags too)',
  })
  user: PublicUser | User;
}

export class UpdateProfileResultDto implements UpdateProfileResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم تحديث الملف الشخصي بنجاح' }) message: string;
  @ApiProperty({ type: UserDto }) user: User;
}

export class ChangeCredentialsResultDto implements ChangeCredentialsResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم تحديث بيانات الدخول بنجاح' }) message: string;
  @ApiProperty({ description: 'A fresh bearer token; after a password change older tokens stop working' })
  token: string;
  @ApiProperty({ type: UserDto }) user: User;
  @ApiPropertyOptional({ description: 'A new email awaiting the code sent to it (confirm-email-change)' })
  pendingEmail?: string;
}

export class ConfirmEmailChangeResultDto implements ConfirmEmailChangeResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم تغيير البريد الإلكتروني بنجاح' }) message: string;
  @ApiProperty({ type: UserDto }) user: User;
}

export class ProfileImageResultDto implements ProfileImageResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم تحديث الصورة الشخصية بنجاح' }) message: string;
  @ApiProperty({ type: UserDto }) user: User;
  @ApiProperty({ example: '/uploads/0f3c…e1.webp' }) profileImage: string;
}

/** Multipart body of PUT /users/profile-image. */
export class ProfileImageUploadDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: 'JPEG, PNG, WebP, GIF, AVIF/HEIC or TIFF; at most 5 MB',
  })
  profileImage: unknown;
}

export class UserStatsResultDto implements UserStatsResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 12, description: 'Auctions the member listed (not deleted)' }) totalAuctions: number;
  @ApiProperty({ example: 2, description: 'Open ones (نشط)' }) activeAuctions: number;
  @ApiProperty({ example: 7, description: 'Sold (مباع)' }) soldAuctions: number;
  @ApiProperty({ example: 3, description: 'Unsold (غير مباع)' }) unsoldAuctions: number;
  @ApiProperty({ example: 40, description: 'Bids the member placed (on auctions that are not deleted)' })
  totalBids: number;
  @ApiProperty({ example: 4, description: 'Auctions the member won' }) wonAuctions: number;
}
