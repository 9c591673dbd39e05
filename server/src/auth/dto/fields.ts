import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { LIMITS } from '@mazad/contracts';
import { Rules, TextField } from '../../common/validation/fields';

/** Shared with other features' forms; they live in common/validation/fields.ts. */
export { Rules, TextField };

/**
 * Field rules shared by the account DTOs, with their Arabic messages (R-ACCOUNT-FIELDS). With the global pipe's stopAtFirstError, a field reports one message: the
 * first rule it breaks in the order written here.
 */

/** Lower-cased and trimmed; required; a valid address. */
export function EmailField(description = 'البريد الإلكتروني') {
  return applyDecorators(
    ApiProperty({ description, example: 'member@example.com', maxLength: LIMITS.emailMax }),
    Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)),
    IsNotEmpty({ message: 'البريد الإلكتروني مطلوب' }),
    IsEmail({}, { message: 'البريد الإلكتروني غير صالح' }),
    MaxLength(LIMITS.emailMax, { message: `البريد الإلكتروني يجب ألا يتجاوز ${LIMITS.emailMax} حرفاً` }),
  );
}

/** A new password: at least 6 characters. */
export function NewPasswordField(description = 'كلمة المرور (6 أحرف على الأقل)') {
  return applyDecorators(
    ApiProperty({ description, example: 'secret123', minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax }),
    IsNotEmpty({ message: 'كلمة المرور مطلوبة' }),
    IsString({ message: 'كلمة المرور يجب أن تكون نصاً' }),
    MinLength(LIMITS.passwordMin, { message: `كلمة المرور يجب أن تكون ${LIMITS.passwordMin} أحرف على الأقل` }),
    MaxLength(LIMITS.passwordMax, { message: `كلمة المرور يجب ألا تتجاوز ${LIMITS.passwordMax} حرفاً` }),
  );
}

/** A password being checked (login): required only, so the rules of new passwords are not revealed. */
export function PasswordField(description = 'كلمة المرور', message = 'كلمة المرور مطلوبة') {
  return applyDecorators(
    ApiProperty({ description, example: 'secret123' }),
    IsNotEmpty({ message }),
    IsString({ message }),
    MaxLength(LIMITS.passwordMax, { message: `كلمة المرور يجب ألا تتجاوز ${LIMITS.passwordMax} حرفاً` }),
  );
}

/**
 * A 6-digit code. A JSON number is accepted too (a numeric input drops leading zeros, which
 * are put back), anything else must be exactly six digits.
 */
export function CodeField(description: string, required: string) {
  return applyDecorators(
    ApiProperty({ description, example: '123456', pattern: '^[0-9]{6}$' }),
    Transform(({ value }) =>
      typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 10 ** LIMITS.otpLength
        ? String(value).padStart(LIMITS.otpLength, '0')
        : typeof value === 'string'
          ? value.trim()
          : value,
    ),
    IsNotEmpty({ message: required }),
    Matches(/^[0-9]{6}$/, { message: 'رمز التحقق يجب أن يكون 6 أرقام' }),
  );
}
