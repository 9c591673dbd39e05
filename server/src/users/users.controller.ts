import { ApiErrors } from '../common/errors/api-error.dto';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, UploadedFile, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type {
  ChangeCredentialsResult,
  ConfirmEmailChangeResult,
  ProfileImageResult,
  UpdateProfileResult,
  UserResult,
  UserStatsResult,
} from '@mazad/contracts';
import { type AuthUser, CurrentUser, JwtAuthGuard, OptionalJwtAuthGuard } from '../auth';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { ImageUpload } from '../infrastructure/storage/image-upload';
import type { UploadedImage } from '../infrastructure/storage/image-upload';
import { ChangeCredentialsCommand } from './commands/change-credentials/change-credentials.command';
import { ConfirmEmailChangeCommand } from './commands/confirm-email-change/confirm-email-change.command';
import { UpdateProfileCommand } from './commands/update-profile/update-profile.command';
import { UpdateProfileImageCommand } from './commands/update-profile-image/update-profile-image.command';
import { ChangeCredentialsDto, ConfirmEmailChangeDto } from './dto/change-credentials.dto';
import { UpdateProfileDto } from './dto/update-profile.dto';
import {
  ChangeCredentialsResultDto,
  ConfirmEmailChangeResultDto,
  ProfileImageResultDto,
  ProfileImageUploadDto,
  UpdateProfileResultDto,
  UserResultDto,
  UserStatsResultDto,
} from './dto/user-responses.dto';
import { GetUserQuery } from './queries/get-user/get-user.query';
import { GetUserStatsQuery } from './queries/get-user-stats/get-user-stats.query';

/**
 * Profiles. The fixed paths (change-credentials, profile-image) are declared before `:id`, and
 * `:id` only takes UUIDs, so they can never be mistaken for a user id.
 */
@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Put('change-credentials')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Change own password and/or ask for a new email',
    description:
      'Needs the current password and at least one change. A new password retires every older token; use the returned token. ' +
      'A new email is not applied yet: a 6-digit code is sent to it (pendingEmail in the answer) and the old address is told; ' +
      'POST /api/users/confirm-email-change with the code makes the change. ' +
      'An address another account has gets the same answer (no code: that address is mailed a notice instead).',
  })
  @ApiOkResponse({ type: ChangeCredentialsResultDto })
  @ApiErrors(
    'VALIDATION_ERROR',
    'CURRENT_PASSWORD_WRONG',
    'NOTHING_TO_CHANGE',
    'UNKNOWN_FIELD',
    'UNAUTHORIZED',
    'TOKEN_INVALID',
    'CREDENTIALS_RATE_LIMITED (10 wrong current passwords in 15 minutes, counted before checking)',
    'EMAIL_CHANGE_RATE_LIMITED (5 email change requests per hour)',
    'OTP_COOLDOWN (a code was sent to that email less than 60 s ago)',
    'OTP_SEND_LIMIT',
    'OTP_SEND_FAILED',
  )
  async changeCredentials(
    @CurrentUser() actor: AuthUser,
    @Body() body: ChangeCredentialsDto,
  ): Promise<ChangeCredentialsResult> {
    const result = await this.commands.execute(
      new ChangeCredentialsCommand(actor, body.currentPassword, body.email, body.newPassword),
    );
    const message = result.pendingEmail
      ? result.passwordChanged
        ? 'تم تحديث كلمة المرور، وإن كان البريد الإلكتروني الجديد متاحاً فقد أرسلنا إليه رمز تأكيد لإتمام تغييره'
        : 'إن كان البريد الإلكتروني الجديد متاحاً فقد أرسلنا إليه رمز تأكيد، أدخله لإتمام تغيير البريد'
      : 'تم تحديث بيانات الدخول بنجاح';
    return {
      success: true,
      message,
      token: result.token,
      user: result.user,
      ...(result.pendingEmail ? { pendingEmail: result.pendingEmail } : {}),
    };
  }

  @Post('confirm-email-change')
  @HttpCode(HttpStatus.OK)
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Confirm a new email with the code sent to it',
    description: 'The account moves to the new email; the old address is told by mail.',
  })
  @ApiOkResponse({ type: ConfirmEmailChangeResultDto })
  @ApiErrors(
    'VALIDATION_ERROR',
    'UNKNOWN_FIELD',
    'UNAUTHORIZED',
    'TOKEN_INVALID',
    'OTP_INVALID (attemptsLeft)',
    'OTP_TOO_MANY_ATTEMPTS',
    'OTP_EXPIRED',
    'EMAIL_TAKEN',
  )
  async confirmEmailChange(
    @CurrentUser() actor: AuthUser,
    @Body() body: ConfirmEmailChangeDto,
  ): Promise<ConfirmEmailChangeResult> {
    const user = await this.commands.execute(new ConfirmEmailChangeCommand(actor.id, body.code));
    return { success: true, message: 'تم تغيير البريد الإلكتروني بنجاح', user };
  }

  @Put('profile-image')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ImageUpload({ field: 'profileImage' })
  @ApiBody({ type: ProfileImageUploadDto })
  @ApiOperation({
    summary: 'Replace own profile image',
    description:
      'Multipart field `profileImage`; checked by content, at most 5 MB, stored as WebP (≤ 512 px) without metadata.',
  })
  @ApiOkResponse({ type: ProfileImageResultDto })
  @ApiErrors(
    'IMAGE_REQUIRED',
    'IMAGE_INVALID',
    'TOO_MANY_IMAGES',
    'UNKNOWN_FIELD',
    'MULTIPART_INVALID',
    'UNAUTHORIZED',
    'TOKEN_INVALID',
    'IMAGE_TOO_LARGE',
    'IMAGE_TOO_MANY_PIXELS',
    'UPLOAD_RATE_LIMITED',
    'UPLOAD_QUOTA_EXCEEDED',
  )
  async updateProfileImage(
    @CurrentUser() actor: AuthUser,
    @UploadedFile() file: UploadedImage | undefined,
  ): Promise<ProfileImageResult> {
    const user = await this.commands.execute(new UpdateProfileImageCommand(actor.id, file?.buffer));
    return { success: true, message: 'تم تحديث الصورة الشخصية بنجاح', user, profileImage: user.profileImage! };
  }

  @Get(':id')
  @UseGuards(OptionalJwtAuthGuard)
  @ApiOperation({
    summary: 'A member profile',
    description: 'Public fields for everyone; the owner and an admin session also get email, phone and flags.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: UserResultDto })
  @ApiErrors('INVALID_ID', 'USER_NOT_FOUND')
  async getUser(@Param('id', ParseIdPipe) id: string, @CurrentUser() viewer?: AuthUser): Promise<UserResult> {
    return { success: true, user: await this.queries.execute(new GetUserQuery(id, viewer)) };
  }

  @Get(':id/stats')
  @ApiOperation({
    summary: 'Profile statistics',
    description:
      'Auctions the member listed (total, active = open, sold, unsold), bids they placed, auctions they won. Deleted auctions never count.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: UserStatsResultDto })
  @ApiErrors('INVALID_ID', 'USER_NOT_FOUND')
  async stats(@Param('id', ParseIdPipe) id: string): Promise<UserStatsResult> {
    return { success: true, ...(await this.queries.execute(new GetUserStatsQuery(id))) };
  }

  @Put(':id')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Edit own profile (name, phone, location)',
    description: 'Owner only; all three fields required.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: UpdateProfileResultDto })
  @ApiErrors(
    'VALIDATION_ERROR (names the field)',
    'UNKNOWN_FIELD',
    'INVALID_ID',
    'UNAUTHORIZED',
    'TOKEN_INVALID',
    'NOT_PROFILE_OWNER',
    'USER_NOT_FOUND',
  )
  async updateProfile(
    @Param('id', ParseIdPipe) id: string,
    @CurrentUser() actor: AuthUser,
    @Body() body: UpdateProfileDto,
  ): Promise<UpdateProfileResult> {
    const user = await this.commands.execute(new UpdateProfileCommand(actor, id, body));
    return { success: true, message: 'تم تحديث الملف الشخصي بنجاح', user };
  }
}
