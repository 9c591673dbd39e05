import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, CONTACT_SUBJECT_LABELS, CONTACT_SUBJECTS, FIELDS } from '@mazad/contracts';
import { contactSchema } from './contact-form';

const valid = { name: 'سارة أحمد', email: 'sara@example.jo', subject: 'support', message: 'لدي سؤال عن طريقة الدفع' };

/** The first message of each field for a given input (what the form shows under it). */
function fieldErrors(input: unknown): Record<string, string> {
  const result = contactSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

describe('contact form schema (static pages: every field required)', () => {
  it('accepts a complete message and trims it', () => {
    const result = contactSchema.parse({ ...valid, name: '  سارة أحمد ', email: ' sara@example.jo ' });
    expect(result).toEqual({ ...valid });
  });

  it('an empty form reports all four fields in Arabic', () => {
    expect(fieldErrors({ name: '', email: '', subject: '', message: '' })).toEqual({
      name: FIELDS.contactName.messages.required,
      email: FIELDS.contactEmail.messages.required,
      subject: FIELDS.contactSubject.messages.required,
      message: FIELDS.contactMessage.messages.required,
    });
    expect(FIELDS.contactName.messages.required).toBe('الاسم مطلوب');
    expect(FIELDS.contactEmail.messages.required).toBe('البريد الإلكتروني مطلوب');
    expect(FIELDS.contactSubject.messages.required).toBe('الموضوع مطلوب');
    expect(FIELDS.contactMessage.messages.required).toBe('الرسالة مطلوبة');
  });

  it('blank text counts as empty', () => {
    expect(fieldErrors({ ...valid, name: '   ', message: '  \n ' })).toEqual({
      name: FIELDS.contactName.messages.required,
      message: FIELDS.contactMessage.messages.required,
    });
  });

  it('missing fields are required too (not a type error)', () => {
    expect(fieldErrors({})).toEqual({
      name: FIELDS.contactName.messages.required,
      email: FIELDS.contactEmail.messages.required,
      subject: FIELDS.contactSubject.messages.required,
      message: FIELDS.contactMessage.messages.required,
    });
  });

  it('checks the email format', () => {
    expect(fieldErrors({ ...valid, email: 'sara@' })).toEqual({ email: FIELDS.contactEmail.messages.invalid });
    expect(fieldErrors({ ...valid, email: 'sara example.jo' })).toEqual({
      email: FIELDS.contactEmail.messages.invalid,
    });
    expect(FIELDS.contactEmail.messages.invalid).toBe('البريد الإلكتروني غير صالح');
  });

  it('offers exactly the five subjects of the contracts, each with an Arabic label, and refuses others', () => {
    expect(CONTACT_SUBJECTS).toEqual(['support', 'bug', 'suggestion', 'complaint', 'other']);
    for (const subject of CONTACT_SUBJECTS) {
      expect(CONTACT_SUBJECT_LABELS[subject]).toMatch(/[\u0600-\u06FF]/);
      expect(contactSchema.safeParse({ ...valid, subject }).success).toBe(true);
    }
    expect(fieldErrors({ ...valid, subject: 'sales' })).toEqual({ subject: FIELDS.contactSubject.messages.invalid });
  });

  it('keeps the server limits: name ≤ 100, message 10 to 2000 characters', () => {
    expect(fieldErrors({ ...valid, name: 'س'.repeat(CONTACT_LIMITS.nameMax) })).toEqual({});
    expect(fieldErrors({ ...valid, name: 'س'.repeat(CONTACT_LIMITS.nameMax + 1) })).toEqual({
      name: FIELDS.contactName.messages.tooLong,
    });
    expect(fieldErrors({ ...valid, message: 'قصيرة' })).toEqual({ message: FIELDS.contactMessage.messages.tooShort });
    expect(fieldErrors({ ...valid, message: 'س'.repeat(CONTACT_LIMITS.messageMax + 1) })).toEqual({
      message: FIELDS.contactMessage.messages.tooLong,
    });
    expect(FIELDS.contactMessage.messages.tooShort).toBe('الرسالة يجب أن تكون 10 أحرف على الأقل');
  });
});
