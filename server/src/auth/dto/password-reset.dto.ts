import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, Matches } from 'class-validator';
import { UUID_SHAPE } from '../reset/reset-handle';
import { CodeField, EmailAddress, NewPassword, Rules } from './fields';
import { CanonicalId } from '../../common/validation/ids';

/** POST /api/auth/forgot-password */
export class ForgotPasswordDto {
  @EmailAddress()
  email: string;
}

/** POST /api/auth/reset-password */
export class ResetPasswordDto {
  @ApiProperty({ description: 'المعرّف الذي أعاده forgot-password (userId)', format: 'uuid' })
  @CanonicalId()
  @Rules(
    IsNotEmpty({ message: 'معرّف إعادة التعيين مطلوب' }),
    Matches(UUID_SHAPE, { message: 'معرّف إعادة التعيين غير صالح' }),
  )
  userId: string;

  @CodeField('رمز التحقق المرسل إلى البريد الإلكتروني', 'إجابة التحقق مطلوبة')
  verificationAnswer: string;

  @NewPassword('كلمة المرور الجديدة (6 أحرف على الأقل)')
  password: string;
}
