import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { FIELDS, LIMITS } from '@mazad/contracts';
import { EmailAddress, NewPassword, Rules, TextField } from '../../common/validation/fields';

/** Shared with other features' forms; they live in common/validation/fields.ts. */
export { EmailAddress, NewPassword, Rules, TextField };

/**
 * Field rules of the account DTOs beyond the shared ones (email, new password: contracts' FIELDS),
 * with their Arabic messages (R-ACCOUNT-FIELDS). With the global pipe's stopAtFirstError, a field
 * reports one message: the first rule it breaks in the order written here.
 */

/** A password being checked (login): required only, so the rules of new passwords are not revealed. */
export function PasswordField(description = 'كلمة المرور', message = 'كلمة المرور مطلوبة') {
  return applyDecorators(
    ApiProperty({ description, example: 'secret123' }),
    IsNotEmpty({ message }),
    IsString({ message }),
    MaxLength(LIMITS.passwordMax, { message: FIELDS.password.messages.tooLong }),
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
    Matches(FIELDS.otpCode.pattern, { message: FIELDS.otpCode.messages.invalid }),
  );
}
