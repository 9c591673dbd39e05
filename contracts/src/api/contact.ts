/** The contact form and its inbox. */

/** `subject` values of the contact form (`POST /api/contact`). */
export const CONTACT_SUBJECTS = ['support', 'bug', 'suggestion', 'complaint', 'other'] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** Arabic labels of the subjects (the form's options). */
export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  support: 'الدعم الفني',
  bug: 'الإبلاغ عن مشكلة',
  suggestion: 'اقتراح',
  complaint: 'شكوى',
  other: 'أخرى',
};

/** Lengths of the contact form's fields (the database columns follow them). */
export const CONTACT_LIMITS = { nameMax: 100, emailMax: 254, messageMin: 10, messageMax: 2000 } as const;

/** POST /api/contact (no login needed). */
export interface ContactRequest {
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
}

/** A message of the contact inbox (GET /api/admin/contact-messages). */
export interface ContactMessage {
  _id: string;
  id: string;
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
  handled: boolean;
  createdAt: string;
}

export interface ContactMessagesResult {
  success: true;
  messages: ContactMessage[];
  total: number;
  page: number;
  limit: number;
}

/** Query of GET /api/admin/contact-messages. */
export interface ContactMessagesQuery {
  page?: number;
  limit?: number;
  handled?: boolean;
}

/** PATCH /api/admin/contact-messages/{id} */
export interface UpdateContactMessageRequest {
  handled: boolean;
}

export interface ContactMessageMutationResult {
  success: true;
  message: string;
  data: ContactMessage;
}
