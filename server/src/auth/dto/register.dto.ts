import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IntegerParam, MemberLocation, MemberName, PhoneNumber } from '../../common/validation/fields';
import { EmailAddress, NewPassword, Rules } from './fields';

/** POST /api/auth/register (confirm-password is checked by the client only and is not sent). */
export class RegisterDto {
  @MemberName()
  name: string;

  @EmailAddress()
  email: string;

  @PhoneNumber()
  phone: string;

  @MemberLocation()
  location: string;

  @NewPassword()
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
  @IntegerParam()
  @Rules(IsNotEmpty({ message: 'يرجى حل المعادلة أولاً' }), IsInt({ message: 'إجابة المعادلة يجب أن تكون رقماً' }))
  challengeAnswer: number;
}
