import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsUUID, Matches } from 'class-validator';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType } from '@mazad/contracts';
import { EmptyAsMissing } from '../../common/validation/fields';
import { CanonicalId } from '../../common/validation/ids';
import { PageParam, PageSizeParam } from '../../common/validation/paging';

export const AUDIT_PAGE_DEFAULT = 25;
export const AUDIT_PAGE_MAX = 200;

const DATE_DESCRIPTION = 'An ISO date (a whole day in Asia/Amman) or date and time; the range includes both ends';

/**
 * A calendar day (`2026-01-31`) or a date and time with its offset: what PostgreSQL reads as a
 * day or an instant. ISO 8601 also calls a bare year ("4766") or a week a date, which the
 * database refuses: they are refused here, as a 400.
 */
export const AUDIT_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** GET /api/admin/audit-log */
export class AuditLogQueryDto {
  @PageParam()
  page?: number;

  @PageSizeParam({ default: AUDIT_PAGE_DEFAULT, max: AUDIT_PAGE_MAX })
  limit?: number;

  @ApiPropertyOptional({ format: 'uuid', description: "Only this operator's actions" })
  @CanonicalId()
  @IsUUID('all', { message: 'معرّف المشرف غير صالح' })
  @IsOptional()
  @EmptyAsMissing()
  actorId?: string;

  @ApiPropertyOptional({ enum: AUDIT_ACTIONS })
  @IsIn(AUDIT_ACTIONS, { message: 'نوع العملية غير صالح' })
  @IsOptional()
  @EmptyAsMissing()
  action?: AuditAction;

  @ApiPropertyOptional({ enum: AUDIT_TARGET_TYPES })
  @IsIn(AUDIT_TARGET_TYPES, { message: 'نوع الهدف غير صالح' })
  @IsOptional()
  @EmptyAsMissing()
  targetType?: AuditTargetType;

  @ApiPropertyOptional({ format: 'uuid' })
  @CanonicalId()
  @IsUUID('all', { message: 'معرّف الهدف غير صالح' })
  @IsOptional()
  @EmptyAsMissing()
  targetId?: string;

  @ApiPropertyOptional({ description: DATE_DESCRIPTION, example: '2026-01-31' })
  @IsISO8601({ strict: true }, { message: 'تاريخ البداية غير صالح' })
  @Matches(AUDIT_DATE, { message: 'تاريخ البداية غير صالح' })
  @IsOptional()
  @EmptyAsMissing()
  from?: string;

  @ApiPropertyOptional({ description: DATE_DESCRIPTION, example: '2026-02-28' })
  @IsISO8601({ strict: true }, { message: 'تاريخ النهاية غير صالح' })
  @Matches(AUDIT_DATE, { message: 'تاريخ النهاية غير صالح' })
  @IsOptional()
  @EmptyAsMissing()
  to?: string;
}
