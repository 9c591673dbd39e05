import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { ChangeCredentialsRequest, ConfirmEmailChangeRequest, LIMITS } from '@mazad/contracts';
import { CodeField } from '../../common/validation/fields';

/** The form sends "" for a field left alone; that means "no change", not an invalid value. */
const emptyToUndefined = (trim: boolean) =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const text = trim ? value.trim() : value;
    return text === '' ? undefined : text;
  });

// Constraints run bottom-up and the first failure is reported (see UpdateProfileDto).
export class ChangeCredentialsDto implements ChangeCredentialsRequest {
  @ApiProperty({ description: 'Required to change anything', example: 'secret123' })
  @MaxLength(LIMITS.passwordMax, { message: 'كلمة المرور الحالية غير صحيحة' })
  @IsNotEmpty({ message: 'يرجى إدخال كلمة المرور الحالية' })
  @IsString({ message: 'يرجى إدخال كلمة المرور الحالية' })
  currentPassword: string;

  @ApiPropertyOptional({
    description: 'New email (omit, send "" or the current one to keep it)',
    example: 'new@example.com',
  })
  @IsEmail({}, { message: 'البريد الإلكتروني غير صالح' })
  @MaxLength(LIMITS.emailMax, { message: 'البريد الإلكتروني طويل جداً' })
  @IsString({ message: 'البريد الإلكتروني غير صالح' })
  @IsOptional()
  @emptyToUndefined(true)
  email?: string;

  @ApiPropertyOptional({
    description: 'New password (omit or send "" to keep it)',
    minLength: LIMITS.passwordMin,
    example: 'newSecret456',
  })
  @MaxLength(LIMITS.passwordMax, { message: `كلمة المرور الجديدة يجب ألا تتجاوز ${LIMITS.passwordMax} حرفاً` })
  @MinLength(LIMITS.passwordMin, { message: `كلمة المرور الجديدة يجب أن تكون ${LIMITS.passwordMin} أحرف على الأقل` })
  @IsString({ message: 'كلمة المرور الجديدة غير صالحة' })
  @IsOptional()
  @emptyToUndefined(false)
  newPassword?: string;
}

/** POST /api/users/confirm-email-change */
export class ConfirmEmailChangeDto implements ConfirmEmailChangeRequest {
  @CodeField(
    'رمز التأكيد المكوّن من 6 أرقام المرسل إلى البريد الجديد',
    'رمز التأكيد مطلوب',
    'رمز التأكيد يجب أن يكون 6 أرقام',
  )
  code: string;
}
