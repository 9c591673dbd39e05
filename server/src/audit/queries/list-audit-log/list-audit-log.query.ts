import { Query } from '@nestjs/cqrs';
import type { AuditAction, AuditLogEntry, AuditTargetType } from '@mazad/contracts';

export interface AuditLogFilters {
  actorId?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  /** ISO date (a whole Asia/Amman day) or date and time; inclusive. */
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

export interface AuditLogPage {
  entries: AuditLogEntry[];
  total: number;
}

/** One page of the operators' audit log, newest first, filtered (R-AUDIT-LOG). */
export class ListAuditLogQuery extends Query<AuditLogPage> {
  constructor(readonly filters: AuditLogFilters) {
    super();
  }
}
