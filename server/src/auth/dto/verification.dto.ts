import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { LIMITS } from '@mazad/contracts';
import { CodeField, EmailAddress, Rules } from './fields';
import { CanonicalId } from '../../common/validation/ids';

/** POST /api/auth/verify */
export class VerifyAccountDto {
  @ApiProperty({ description: 'معرّف المستخدم (userData.userId من تسجيل الدخول)', format: 'uuid' })
  @CanonicalId()
  @Rules(IsNotEmpty({ message: 'معرّف المستخدم مطلوب' }), IsUUID('all', { message: 'معرّف المستخدم غير صالح' }))
  userId: string;

  @CodeField('رمز التحقق المكوّن من 6 أرقام المرسل بالبريد أو تيليجرام', 'رمز التحقق مطلوب')
  verificationCode: string;
}

const identifierRules = Rules(
  IsNotEmpty({ message: 'المعرّف مطلوب' }),
  IsString({ message: 'المعرّف غير صالح' }),
  MaxLength(LIMITS.emailMax, { message: 'المعرّف غير صالح' }),
);
const trimmed = Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** POST /api/otp/send-email-otp: the account's email. */
export class SendEmailCodeDto {
  @EmailAddress('البريد الإلكتروني للحساب')
  identifier: string;
}

/** POST /api/otp/send-telegram-otp: the account's email, or its phone when only one account has it. */
export class SendTelegramCodeDto {
  @ApiProperty({ description: 'البريد الإلكتروني للحساب أو رقم هاتفه', example: 'member@example.com' })
  @trimmed
  @identifierRules
  identifier: string;
}

export const OTP_CHANNELS = ['email', 'telegram'] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];

/** POST /api/otp/verify-otp */
export class VerifyOtpDto {
  @ApiProperty({ description: 'البريد الإلكتروني للحساب أو رقم هاتفه', example: 'member@example.com' })
  @trimmed
  @identifierRules
  identifier: string;

  @CodeField('رمز التحقق المكوّن من 6 أرقام', 'رمز التحقق مطلوب')
  otp: string;

  @ApiProperty({ description: 'طريقة استلام الرمز', enum: OTP_CHANNELS })
  @Rules(
    IsNotEmpty({ message: 'يرجى اختيار طريقة التحقق' }),
    IsIn(OTP_CHANNELS, { message: 'يرجى اختيار طريقة التحقق' }),
  )
  type: OtpChannel;
}
