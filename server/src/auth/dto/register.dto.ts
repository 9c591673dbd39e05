import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { LIMITS, PHONE_PATTERN } from '@mazad/contracts';
import { MemberLocation, MemberName } from '../../common/validation/fields';
import { EmailField, NewPasswordField, Rules } from './fields';

/** POST /api/auth/register (confirm-password is checked by the client only and is not sent). */
export class RegisterDto {
  @MemberName()
  name: string;

  @EmailField()
  email: string;

  @ApiProperty({
    description: 'رقم الهاتف: أرقام و + و - ومسافات وأقواس',
    example: '+962 79 123 4567',
    maxLength: LIMITS.phoneMax,
  })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @Rules(
    IsNotEmpty({ message: 'رقم الهاتف مطلوب' }),
    IsString({ message: 'رقم الهاتف غير صالح' }),
    Matches(PHONE_PATTERN, { message: 'رقم الهاتف غير صالح' }),
    MaxLength(LIMITS.phoneMax, { message: `رقم الهاتف يجب ألا يتجاوز ${LIMITS.phoneMax} حرفاً` }),
  )
  phone: string;

  @MemberLocation()
  location: string;

  @NewPasswordField()
  password: string;

  @ApiPropertyOptional({ description: 'طريقة التحقق (دائماً math)', enum: ['math'], example: 'math' })
  @IsOptional()
  @IsIn(['math'], { message: 'طريقة التحقق غير صالحة' })
  verificationMethod?: 'math';

  @ApiProperty({
    description: 'معرّف المعادلة من GET /api/auth/challenge',
    example: '3f1c7a52-2a4e-4c8e-9a57-0d8f1b2e9c41',
  })
  @Rules(
    IsNotEmpty({ message: 'يرجى حل المعادلة أولاً' }),
    IsString({ message: 'معرّف المعادلة غير صالح' }),
    MaxLength(64, { message: 'معرّف المعادلة غير صالح' }),
  )
  challengeId: string;

  @ApiProperty({ description: 'ناتج المعادلة (رقم)', example: 12 })
  @Transform(({ value }) => (typeof value === 'string' && /^\s*-?\d{1,6}\s*$/.test(value) ? Number(value) : value))
  @Rules(IsNotEmpty({ message: 'يرجى حل المعادلة أولاً' }), IsInt({ message: 'إجابة المعادلة يجب أن تكون رقماً' }))
  challengeAnswer: number;
}
