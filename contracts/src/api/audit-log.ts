import type { CsvColumn } from '../csv';

/**
 * The operators' audit log (R-AUDIT-LOG): one entry per operator action, written in the action's
 * transaction, never changed or removed. Later operator actions add their names here.
 */

/** Every operator action the log records, with its Arabic label (the console and the CSV show it). */
export const AUDIT_ACTION_LABELS = {
  'user.delete': 'حذف مستخدم',
  'user.set_password': 'تغيير كلمة مرور مستخدم',
  'auction.delete': 'حذف مزاد',
  'bid.cancel': 'إلغاء مزايدة',
  'banner.create': 'إضافة إعلان',
  'banner.update': 'تعديل إعلان',
  'banner.delete': 'حذف إعلان',
  'site_banner.update': 'تعديل البانر الرئيسي',
  'site_feature.create': 'إضافة ميزة',
  'site_feature.update': 'تعديل ميزة',
  'site_feature.delete': 'حذف ميزة',
  'announcement.update': 'حفظ صفحة الإعلان',
  'contact_message.update': 'تحديث حالة رسالة تواصل',
  'contact_message.delete': 'حذف رسالة تواصل',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** What an action acts on, with its Arabic label. */
export const AUDIT_TARGET_LABELS = {
  user: 'مستخدم',
  auction: 'مزاد',
  bid: 'مزايدة',
  banner: 'إعلان',
  site_banner: 'البانر الرئيسي',
  site_feature: 'ميزة',
  announcement: 'صفحة الإعلان',
  contact_message: 'رسالة تواصل',
} as const;

export type AuditTargetType = keyof typeof AUDIT_TARGET_LABELS;
export const AUDIT_TARGET_TYPES = Object.keys(AUDIT_TARGET_LABELS) as AuditTargetType[];

/** The changed fields only, before and after; a secret appears as changed (`true`), never its value. */
export type AuditFields = Record<string, unknown>;

export interface AuditLogEntry {
  _id: string;
  id: string;
  actorId: string;
  /** The operator's name when they acted. */
  actorName: string;
  action: AuditAction;
  targetType: AuditTargetType;
  /** Null for a single row (the site banner). */
  targetId: string | null;
  /** The operator's note where the action takes one (a bid cancel's reason). */
  reason: string | null;
  before: AuditFields | null;
  after: AuditFields | null;
  /** The database clock at the action. */
  createdAt: string;
}

/** GET /api/admin/audit-log: filters, newest first. `from`/`to`: ISO dates or times, both inclusive. */
export interface AuditLogQuery {
  page?: number;
  limit?: number;
  actorId?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  from?: string;
  to?: string;
}

/** GET /api/admin/audit-log: one page, with the total for the console (as CSV with `Accept: text/csv`: every match). */
export interface AuditLogResult {
  success: true;
  entries: AuditLogEntry[];
  total: number;
  page: number;
  limit: number;
}

/** The audit log's CSV columns (R-CSV-EXPORT): the server's `Accept: text/csv` answer and the console's export. */
export const AUDIT_LOG_CSV_COLUMNS: readonly CsvColumn<AuditLogEntry>[] = [
  { header: 'التاريخ', value: (e) => e.createdAt },
  { header: 'المشرف', value: (e) => e.actorName },
  { header: 'معرّف المشرف', value: (e) => e.actorId },
  { header: 'العملية', value: (e) => AUDIT_ACTION_LABELS[e.action] ?? e.action },
  { header: 'نوع الهدف', value: (e) => AUDIT_TARGET_LABELS[e.targetType] ?? e.targetType },
  { header: 'معرّف الهدف', value: (e) => e.targetId },
  { header: 'السبب', value: (e) => e.reason },
  { header: 'قبل', value: (e) => e.before },
  { header: 'بعد', value: (e) => e.after },
];
