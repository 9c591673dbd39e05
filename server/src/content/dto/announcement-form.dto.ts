import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { Rules, SingleLineText } from '../../common/validation/fields';
import { OptionalTextField, SAFE_URL } from './content-fields';

export const ANNOUNCEMENT_IMAGES_MAX = 20;
const IMAGE_SOURCE_MAX = 2048;

/** Free-text schedule block of the announcement. */
export class AnnouncementScheduleDto {
  @OptionalTextField({ label: 'تاريخ الفعالية', example: 'الخميس 15 أيار 2025', max: 100 })
  date?: string;

  @OptionalTextField({ label: 'وقت البدء', example: '18:00', max: 50 })
  startTime?: string;

  @OptionalTextField({ label: 'وقت الانتهاء', example: '21:00', max: 50 })
  endTime?: string;

  @OptionalTextField({ label: 'تفاصيل الموعد', example: 'مزاد مباشر على سيارات كلاسيكية', max: 2000 })
  details?: string;
}

/**
 * PUT /api/announcement-content: saves the whole announcement (missing optional fields become
 * empty). The read-only fields a client may send back with a loaded copy are ignored.
 */
export class UpdateAnnouncementDto {
  @SingleLineText({
    label: 'عنوان الإعلان',
    required: 'عنوان الإعلان مطلوب',
    example: 'مزاد السيارات الكلاسيكية',
    max: 200,
  })
  title: string;

  @OptionalTextField({ label: 'وصف الإعلان', example: 'تفاصيل الحدث', max: 5000 })
  description?: string;

  @Rules(
    ApiPropertyOptional({
      type: [String],
      maxItems: ANNOUNCEMENT_IMAGES_MAX,
      description: 'Image sources: site paths (e.g. /uploads/… from POST /api/upload/images) or http(s) addresses',
    }),
    IsOptional(),
    IsArray({ message: 'الصور يجب أن تكون قائمة' }),
    ArrayMaxSize(ANNOUNCEMENT_IMAGES_MAX, { message: `لا يمكن إضافة أكثر من ${ANNOUNCEMENT_IMAGES_MAX} صورة` }),
    IsString({ each: true, message: 'كل صورة يجب أن تكون رابطاً نصياً' }),
    MaxLength(IMAGE_SOURCE_MAX, { each: true, message: `رابط الصورة يجب ألا يتجاوز ${IMAGE_SOURCE_MAX} حرفاً` }),
    Matches(SAFE_URL, {
      each: true,
      message: 'رابط الصورة يجب أن يكون مساراً داخل الموقع يبدأ بـ / أو عنواناً يبدأ بـ https://',
    }),
  )
  images?: string[];

  @Rules(
    ApiPropertyOptional({ type: AnnouncementScheduleDto }),
    IsOptional(),
    IsObject({ message: 'معلومات الموعد يجب أن تكون كائناً' }),
    ValidateNested(),
    Type(() => AnnouncementScheduleDto),
  )
  scheduleInfo?: AnnouncementScheduleDto;

  @OptionalTextField({ label: 'معلومات إضافية', example: 'الدخول مجاني', max: 5000 })
  additionalInfo?: string;

  @Rules(
    ApiProperty({ required: false, default: true, description: 'Shown on the public page (default true)' }),
    IsOptional(),
    IsBoolean({ message: 'حالة التفعيل يجب أن تكون true أو false' }),
  )
  isActive?: boolean;

  /* Read-only fields of a loaded copy, accepted and ignored. */
  @ApiHideProperty() @IsOptional() _id?: unknown;
  @ApiHideProperty() @IsOptional() id?: unknown;
  @ApiHideProperty() @IsOptional() createdAt?: unknown;
  @ApiHideProperty() @IsOptional() updatedAt?: unknown;
}
