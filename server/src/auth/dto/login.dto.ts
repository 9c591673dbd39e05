import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { EmailAddress, PasswordField, Rules } from './fields';

/** POST /api/auth/login */
export class LoginDto {
  @EmailAddress()
  email: string;

  @PasswordField()
  password: string;
}

/** POST /api/auth/admin-session (with the member's bearer token) */
export class AdminSessionDto {
  @ApiProperty({ description: 'كلمة مرور لوحة الإدارة (ADMIN_PANEL_PASSWORD)', example: 'panel-password' })
  @Rules(
    IsNotEmpty({ message: 'كلمة مرور لوحة الإدارة مطلوبة' }),
    IsString({ message: 'كلمة مرور لوحة الإدارة مطلوبة' }),
    MaxLength(256, { message: 'كلمة مرور لوحة الإدارة غير صالحة' }),
  )
  adminPassword: string;
}

/** POST /api/auth/admin-login */
export class AdminLoginDto extends IntersectionType(LoginDto, AdminSessionDto) {}
