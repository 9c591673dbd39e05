import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MemberLocation, MemberName } from '../../common/validation/fields';
import { LIMITS, PHONE_PATTERN, UpdateProfileRequest } from '@mazad/contracts';

/** Strings are trimmed before they are checked, so "   " counts as empty. */
export const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

// class-validator runs a property's constraints bottom-up and the global pipe stops at the
// first failure, so "required" sits closest to the property and is reported first.
export class UpdateProfileDto implements UpdateProfileRequest {
  // One line, not a staff or demo name (common/validation/fields.ts).
  @MemberName()
  name: string;

  @ApiProperty({ example: '+962 79 123 4567', maxLength: LIMITS.phoneMax, pattern: PHONE_PATTERN.source })
  @MaxLength(LIMITS.phoneMax, { message: `رقم الهاتف يجب ألا يتجاوز ${LIMITS.phoneMax} رمزاً` })
  @Matches(PHONE_PATTERN, { message: 'رقم الهاتف يجب أن يحتوي على أرقام و + - ( ) ومسافات فقط' })
  @IsNotEmpty({ message: 'رقم الهاتف مطلوب' })
  @IsString({ message: 'رقم الهاتف مطلوب' })
  @trimmed()
  phone: string;

  @MemberLocation()
  location: string;
}
