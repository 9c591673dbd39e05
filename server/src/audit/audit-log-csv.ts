import { AUDIT_LOG_CSV_COLUMNS, CSV_BOM, csvRecords, type AuditLogEntry } from '@mazad/contracts';
import { stringify } from 'csv-stringify/sync';

/** The most entries one CSV answer holds (newest first): narrow the filters for older ones. */
export const AUDIT_CSV_MAX = 50_000;

/** The entries as a CSV file (R-CSV-EXPORT): BOM, Arabic headers, RFC 4180 quoting with CRLF, formulas neutralised. */
export function auditLogCsv(entries: readonly AuditLogEntry[]): string {
  return CSV_BOM + stringify(csvRecords(AUDIT_LOG_CSV_COLUMNS, entries), { record_delimiter: 'windows' });
}
