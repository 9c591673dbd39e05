import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsNumber, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import type {
  PushSubscriptionRequest,
  PushSubscriptionResult,
  PushUnsubscribeRequest,
  VapidPublicKeyResult,
} from '@mazad/contracts';
import { Rules } from '../../../common/validation/fields';

/** A push service's URL: https only (the browser's own service; never a plain-http address). */
const HTTPS_URL = /^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/;
const ENDPOINT_MAX = 1024;

const endpoint = () =>
  Rules(
    ApiProperty({ example: 'https://fcm.googleapis.com/fcm/send/abc…', maxLength: ENDPOINT_MAX }),
    IsString({ message: 'عنوان خدمة الإشعارات يجب أن يكون نصاً' }),
    MaxLength(ENDPOINT_MAX, { message: `عنوان خدمة الإشعارات يجب ألا يتجاوز ${ENDPOINT_MAX} حرفاً` }),
    Matches(HTTPS_URL, { message: 'عنوان خدمة الإشعارات يجب أن يبدأ بـ https://' }),
  );

/** The browser's keys, base64url: a P-256 public key (65 bytes) and a 16-byte secret. */
export class PushKeysDto {
  @Rules(
    ApiProperty({ description: 'P-256 public key, base64url (65 bytes)' }),
    IsString({ message: 'مفتاح الاشتراك p256dh غير صالح' }),
    Matches(/^[A-Za-z0-9_-]{86,88}={0,2}$/, { message: 'مفتاح الاشتراك p256dh غير صالح' }),
  )
  p256dh: string;

  @Rules(
    ApiProperty({ description: 'Authentication secret, base64url (16 bytes)' }),
    IsString({ message: 'مفتاح الاشتراك auth غير صالح' }),
    Matches(/^[A-Za-z0-9_-]{22}(?:==)?$/, { message: 'مفتاح الاشتراك auth غير صالح' }),
  )
  auth: string;
}

export class PushSubscriptionDto implements PushSubscriptionRequest {
  @endpoint()
  endpoint: string;

  @Rules(
    ApiPropertyOptional({ nullable: true, type: Number }),
    IsOptional(),
    IsNumber({}, { message: 'تاريخ انتهاء الاشتراك غير صالح' }),
  )
  expirationTime?: number | null;

  @Rules(
    ApiProperty({ type: PushKeysDto }),
    IsObject({ message: 'مفاتيح الاشتراك مطلوبة' }),
    ValidateNested(),
    Type(() => PushKeysDto),
  )
  keys: PushKeysDto;
}

export class PushUnsubscribeDto implements PushUnsubscribeRequest {
  @endpoint()
  endpoint: string;
}

export class VapidPublicKeyResultDto implements VapidPublicKeyResult {
  @ApiProperty({ description: 'base64url, for pushManager.subscribe({ applicationServerKey })' }) publicKey: string;
}

export class PushSubscriptionResultDto implements PushSubscriptionResult {
  @ApiProperty() subscribed: boolean;
}
