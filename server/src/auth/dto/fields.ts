import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { FIELDS, LIMITS } from '@mazad/contracts';
import { CodeField, EmailAddress, NewPassword, Rules, TextField } from '../../common/validation/fields';

/** Shared with other features' forms; they live in common/validation/fields.ts. */
export { CodeField, EmailAddress, NewPassword, Rules, TextField };

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
