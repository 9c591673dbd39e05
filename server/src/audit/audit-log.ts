import type { AuditAction, AuditFields, AuditTargetType } from '@mazad/contracts';
import type { EntityManager } from 'typeorm';

/** One operator action, as its handler tells it (R-AUDIT-LOG). */
export interface AuditEntry {
  /** The operator (their name is read from `users` in the same statement, as it is now). */
  actorId: string;
  action: AuditAction;
  /** What it acts on (`id` null for a single row, the site banner). */
  target: { type: AuditTargetType; id: string | null };
  /** The operator's note, where the action takes one. */
  reason?: string;
  /** The target's fields before the action (null: it did not exist). Only the changed ones are kept. */
  before?: object | null;
  /** The target's fields after the action (null: it is gone). */
  after?: object | null;
}

/** Field names whose values never enter the log: a change shows as `true`, the value stays out. */
const SECRET_FIELD = /password|hash|token|secret|otp/i;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function redact(fields: AuditFields): AuditFields {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, SECRET_FIELD.test(key) ? true : value]));
}

/**
 * The fields that differ between `before` and `after` (all of them when one side is missing),
 * secrets redacted. Null for a side that does not exist or kept nothing.
 */
export function changedFields(
  beforeFields: object | null | undefined,
  afterFields: object | null | undefined,
): { before: AuditFields | null; after: AuditFields | null } {
  const before = beforeFields as AuditFields | null | undefined;
  const after = afterFields as AuditFields | null | undefined;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (key) => !before || !after || !same(before[key], after[key]),
  );
  const pick = (side: AuditFields | null | undefined) => {
    const kept = side ? keys.filter((key) => key in side) : [];
    return side && kept.length ? redact(Object.fromEntries(kept.map((key) => [key, side[key]]))) : null;
  };
  return { before: pick(before), after: pick(after) };
}

/**
 * The only writer of `audit_log` (audit-boundary.spec.ts; the table refuses UPDATE and DELETE
 * itself). Called with the action's own transaction, so an entry exists exactly when its action
 * committed; an unknown actor fails the statement and with it the action.
 */
export const AuditLog = {
  async record(manager: EntityManager, entry: AuditEntry): Promise<void> {
    const { before, after } = changedFields(entry.before, entry.after);
    await manager.query(
      `INSERT INTO audit_log (actor_id, actor_name, action, target_type, target_id, reason, before, after)
       VALUES ($1, (SELECT name FROM users WHERE id = $1), $2, $3, $4, $5, $6, $7)`,
      [
        entry.actorId,
        entry.action,
        entry.target.type,
        entry.target.id,
        entry.reason ?? null,
        before && JSON.stringify(before),
        after && JSON.stringify(after),
      ],
    );
  },
};
