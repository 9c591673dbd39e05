import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { LIMITS, PHONE_PATTERN, UpdateProfileRequest } from '@mazad/contracts';

/** Strings are trimmed before they are checked, so "   " counts as empty. */
export const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

// class-validator runs a property's constraints bottom-up and the global pipe stops at the
// first failure, so "required" sits closest to the property and is reported first.
export class UpdateProfileDto implements UpdateProfileRequest {
  @ApiProperty({ example: 'أحمد محمد', minLength: LIMITS.nameMin, maxLength: LIMITS.nameMax })
  @MaxLength(LIMITS.nameMax, { message: `الاسم يجب ألا يتجاوز ${LIMITS.nameMax} حرف` })
  @MinLength(LIMITS.nameMin, { message: 'الاسم يجب أن يكون حرفين على الأقل' })
  @IsNotEmpty({ message: 'الاسم مطلوب' })
  @IsString({ message: 'الاسم مطلوب' })
  @trimmed()
  name: string;

  @ApiProperty({ example: '+962 79 123 4567', maxLength: LIMITS.phoneMax, pattern: PHONE_PATTERN.source })
  @MaxLength(LIMITS.phoneMax, { message: `رقم الهاتف يجب ألا يتجاوز ${LIMITS.phoneMax} رمزاً` })
  @Matches(PHONE_PATTERN, { message: 'رقم الهاتف يجب أن يحتوي على أرقام و + - ( ) ومسافات فقط' })
  @IsNotEmpty({ message: 'رقم الهاتف مطلوب' })
  @IsString({ message: 'رقم الهاتف مطلوب' })
  @trimmed()
  phone: string;

  @ApiProperty({ example: 'عمّان', maxLength: LIMITS.locationMax })
  @MaxLength(LIMITS.locationMax, { message: `الموقع يجب ألا يتجاوز ${LIMITS.locationMax} حرف` })
  @IsNotEmpty({ message: 'الموقع مطلوب' })
  @IsString({ message: 'الموقع مطلوب' })
  @trimmed()
  location: string;
}
