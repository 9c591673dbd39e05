import { ApiProperty } from '@nestjs/swagger';
import {
  ENDING_SOON_LEAD_MINUTES,
  NOTICE_CHANNELS,
  NOTICE_KINDS,
  type NoticeChannelChoices,
  type NotificationPreferences,
  type NotificationPreferencesResult,
  resolvePreferences,
} from '@mazad/contracts';
import { IsIn, IsInt, IsObject, ValidateBy } from 'class-validator';

/** Every kind present, each with a boolean for every channel, and nothing else. */
function isChoiceMatrix(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const matrix = value as Record<string, unknown>;
  const sameKeys = (obj: object, keys: readonly string[]) =>
    Object.keys(obj).length === keys.length && keys.every((k) => Object.hasOwn(obj, k));
  if (!sameKeys(matrix, NOTICE_KINDS)) return false;
  return NOTICE_KINDS.every((kind) => {
    const row = matrix[kind];
    return (
      typeof row === 'object' &&
      row !== null &&
      sameKeys(row, NOTICE_CHANNELS) &&
      NOTICE_CHANNELS.every((c) => typeof (row as Record<string, unknown>)[c] === 'boolean')
    );
  });
}

export class NotificationPreferencesDto implements NotificationPreferences {
  @ApiProperty({
    description: 'kind → { email, telegram, push } → on/off, every kind and channel present',
    // The defaults, whole: a client that sends the example sends a valid body.
    example: resolvePreferences({}).channels,
  })
  @IsObject({ message: 'تفضيلات القنوات يجب أن تكون كائناً' })
  @ValidateBy({
    name: 'isChoiceMatrix',
    validator: {
      validate: isChoiceMatrix,
      defaultMessage: () => 'تفضيلات القنوات يجب أن تذكر كل نوع إشعار وكل قناة بقيمة true أو false',
    },
  })
  channels: NoticeChannelChoices;

  @ApiProperty({ enum: ENDING_SOON_LEAD_MINUTES })
  @IsInt({ message: 'مدة التنبيه قبل الانتهاء يجب أن تكون عدداً صحيحاً من الدقائق' })
  @IsIn([...ENDING_SOON_LEAD_MINUTES], {
    message: `مدة التنبيه قبل الانتهاء يجب أن تكون إحدى القيم: ${ENDING_SOON_LEAD_MINUTES.join('، ')} دقيقة`,
  })
  endingSoonLeadMinutes: number;
}

export class NotificationPreferencesResultDto implements NotificationPreferencesResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: NotificationPreferencesDto }) preferences: NotificationPreferences;
  @ApiProperty({ description: 'Whether the member linked Telegram' }) telegramLinked: boolean;
}
