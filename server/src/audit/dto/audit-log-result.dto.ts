import { ApiProperty } from '@nestjs/swagger';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@mazad/contracts';
import type { AuditAction, AuditFields, AuditLogEntry, AuditLogResult, AuditTargetType } from '@mazad/contracts';

export class AuditLogEntryDto implements AuditLogEntry {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) actorId: string;
  @ApiProperty({ example: 'مدير الموقع', description: "The operator's name when they acted" }) actorName: string;
  @ApiProperty({ enum: AUDIT_ACTIONS }) action: AuditAction;
  @ApiProperty({ enum: AUDIT_TARGET_TYPES }) targetType: AuditTargetType;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) targetId: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'مزايدة بالخطأ' }) reason: string | null;
  @ApiProperty({ nullable: true, type: Object, description: 'The changed fields before (secrets never)' })
  before: AuditFields | null;
  @ApiProperty({ nullable: true, type: Object, description: 'The changed fields after (a secret: true)' })
  after: AuditFields | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class AuditLogResultDto implements AuditLogResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [AuditLogEntryDto] }) entries: AuditLogEntry[];
  @ApiProperty({ example: 42 }) total: number;
  @ApiProperty({ example: 1 }) page: number;
  @ApiProperty({ example: 25 }) limit: number;
}
