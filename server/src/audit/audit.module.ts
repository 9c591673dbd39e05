import { Module } from '@nestjs/common';
import { AuditLogController } from './audit-log.controller';
import { ListAuditLogHandler } from './queries/list-audit-log/list-audit-log.handler';

/**
 * The operators' audit log (R-AUDIT-LOG): its reading in the console. Its writer, AuditLog
 * (audit-log.ts), needs no provider: every operator action calls it with its own transaction.
 */
@Module({
  controllers: [AuditLogController],
  providers: [ListAuditLogHandler],
})
export class AuditModule {}
