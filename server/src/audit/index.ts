/**
 * The public surface of the audit feature: the one writer every operator action calls in its
 * transaction (R-AUDIT-LOG). See server/.dependency-cruiser.cjs.
 */
export { AuditLog, type AuditEntry } from './audit-log';
