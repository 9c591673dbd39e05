import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { tableWrites, writesOutside } from '../../test/support/table-writes';

/**
 * AuditLog.record (audit-log.ts) is the only writer of `audit_log` (R-AUDIT-LOG): no other source
 * holds SQL that writes the table, so every entry goes through its redaction and takes the
 * caller's transaction, and nothing in the code updates or deletes one (the table's trigger
 * refuses that too). Exempt: the migrations (the table's schema and its trigger) and this spec's
 * own examples.
 */
const SRC = join(__dirname, '..');
const AUDIT = { table: 'audit_log', entity: 'AuditLogEntity' };
const EXEMPT = [
  join('audit', 'audit-log.ts'),
  join('audit', 'audit-boundary.spec.ts'),
  join('infrastructure', 'database', 'migrations') + sep,
];

describe('audit log boundary', () => {
  it('no source but the writer writes the audit_log table', () => {
    expect(writesOutside(SRC, AUDIT, EXEMPT)).toEqual([]);
  });

  it('the writer only inserts', () => {
    const writer = readFileSync(join(__dirname, 'audit-log.ts'), 'utf8');
    expect(tableWrites(writer, AUDIT)).toEqual(['SQL "INSERT INTO audit_log"']);
    expect(writer).not.toMatch(/\b(UPDATE|DELETE\s+FROM|TRUNCATE)\s+audit_log\b/i);
  });

  it('recognises writes to the table', () => {
    for (const text of ['`UPDATE audit_log SET reason = $1`', '`DELETE FROM audit_log`', '`TRUNCATE audit_log`']) {
      expect({ text, found: tableWrites(text, AUDIT).length > 0 }).toEqual({ text, found: true });
    }
    expect(tableWrites('`SELECT id FROM audit_log ORDER BY created_at DESC`', AUDIT)).toEqual([]);
  });
});
