import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { FIELDS, LIMITS } from '@mazad/contracts';
import { Rules } from '../../common/validation/fields';

/** PUT /api/admin/users/{id}/password */
export class SetUserPasswordDto {
  @Rules(
    ApiProperty({
      description: 'The new password (at least 6 characters)',
      example: 'newSecret1',
      minLength: LIMITS.passwordMin,
      maxLength: LIMITS.passwordMax,
    }),
    IsNotEmpty({ message: 'يرجى إدخال كلمة مرور جديدة' }),
    IsString({ message: 'يرجى إدخال كلمة مرور جديدة' }),
    Matches(/\S/, { message: 'يرجى إدخال كلمة مرور جديدة' }),
    MinLength(LIMITS.passwordMin, { message: FIELDS.password.messages.tooShort }),
    MaxLength(LIMITS.passwordMax, { message: FIELDS.password.messages.tooLong }),
  )
  newPassword: string;
}
