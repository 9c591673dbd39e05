import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuditAction, AuditFields, AuditLogEntry, AuditTargetType } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuditLogFilters, AuditLogPage, ListAuditLogQuery } from './list-audit-log.query';

interface AuditRow {
  id: string;
  actor_id: string;
  actor_name: string;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string | null;
  reason: string | null;
  before: AuditFields | null;
  after: AuditFields | null;
  created_at: Date;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The WHERE clause of the filters with its parameters. A date without a time is a whole day in
 * Asia/Amman (the console's dates): `from` its first instant, `to` up to its last.
 */
export function auditFilter(f: Omit<AuditLogFilters, 'page' | 'limit'>): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (f.actorId) add((n) => `actor_id = ${n}`, f.actorId);
  if (f.action) add((n) => `action = ${n}`, f.action);
  if (f.targetType) add((n) => `target_type = ${n}`, f.targetType);
  if (f.targetId) add((n) => `target_id = ${n}`, f.targetId);
  if (f.from) {
    add(
      (n) =>
        DATE_ONLY.test(f.from!)
          ? `created_at >= (${n}::date::timestamp AT TIME ZONE 'Asia/Amman')`
          : `created_at >= ${n}::timestamptz`,
      f.from,
    );
  }
  if (f.to) {
    add(
      (n) =>
        DATE_ONLY.test(f.to!)
          ? `created_at < ((${n}::date + 1)::timestamp AT TIME ZONE 'Asia/Amman')`
          : `created_at <= ${n}::timestamptz`,
      f.to,
    );
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** A COUNT and a page, newest first (created_at, then id: audit_log_created_idx). */
@QueryHandler(ListAuditLogQuery)
export class ListAuditLogHandler implements IQueryHandler<ListAuditLogQuery, AuditLogPage> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ filters }: ListAuditLogQuery): Promise<AuditLogPage> {
    const { sql, params } = auditFilter(filters);
    const [[counted], rows]: [[{ total: number }], AuditRow[]] = await Promise.all([
      this.db.query(`SELECT count(*)::int AS total FROM audit_log ${sql}`, params),
      this.db.query(
        `SELECT id, actor_id, actor_name, action, target_type, target_id, reason, before, after, created_at
           FROM audit_log ${sql}
          ORDER BY created_at DESC, id DESC
          LIMIT ${filters.limit} OFFSET ${(filters.page - 1) * filters.limit}`,
        params,
      ),
    ]);
    return { entries: rows.map(toEntry), total: counted.total };
  }
}

function toEntry(r: AuditRow): AuditLogEntry {
  return {
    _id: r.id,
    id: r.id,
    actorId: r.actor_id,
    actorName: r.actor_name,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    reason: r.reason,
    before: r.before,
    after: r.after,
    createdAt: r.created_at.toISOString(),
  };
}
