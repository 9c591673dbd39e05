/** Lengths of the contact form's fields (the database columns follow them). */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  messageMin: 10,
  messageMax: 2000,
} as const;

/** Arabic labels of the subjects (the form's options), used in messages and the console. */
export const CONTACT_SUBJECT_LABELS = {
  support: 'الدعم الفني',
  bug: 'الإبلاغ عن مشكلة',
  suggestion: 'اقتراح',
  complaint: 'شكوى',
  other: 'أخرى',
} as const;
