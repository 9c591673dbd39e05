import { describe, expect, it } from 'vitest';
import { CONTACT_SUBJECTS } from '@mazad/contracts';
import { CONTACT_LIMITS, CONTACT_MESSAGES, CONTACT_SUBJECT_LABELS, contactSchema } from './contact';

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
      name: CONTACT_MESSAGES.nameRequired,
      email: CONTACT_MESSAGES.emailRequired,
      subject: CONTACT_MESSAGES.subjectRequired,
      message: CONTACT_MESSAGES.messageRequired,
    });
    expect(CONTACT_MESSAGES.nameRequired).toBe('الاسم مطلوب');
    expect(CONTACT_MESSAGES.emailRequired).toBe('البريد الإلكتروني مطلوب');
    expect(CONTACT_MESSAGES.subjectRequired).toBe('الموضوع مطلوب');
    expect(CONTACT_MESSAGES.messageRequired).toBe('الرسالة مطلوبة');
  });

  it('blank text counts as empty', () => {
    expect(fieldErrors({ ...valid, name: '   ', message: '  \n ' })).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      message: CONTACT_MESSAGES.messageRequired,
    });
  });

  it('missing fields are required too (not a type error)', () => {
    expect(fieldErrors({})).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      email: CONTACT_MESSAGES.emailRequired,
      subject: CONTACT_MESSAGES.subjectRequired,
      message: CONTACT_MESSAGES.messageRequired,
    });
  });

  it('checks the email format', () => {
    expect(fieldErrors({ ...valid, email: 'sara@' })).toEqual({ email: CONTACT_MESSAGES.emailInvalid });
    expect(fieldErrors({ ...valid, email: 'sara example.jo' })).toEqual({ email: CONTACT_MESSAGES.emailInvalid });
    expect(CONTACT_MESSAGES.emailInvalid).toBe('البريد الإلكتروني غير صالح');
  });

  it('offers exactly the five subjects of the contracts, each with an Arabic label, and refuses others', () => {
    expect(CONTACT_SUBJECTS).toEqual(['support', 'bug', 'suggestion', 'complaint', 'other']);
    for (const subject of CONTACT_SUBJECTS) {
      expect(CONTACT_SUBJECT_LABELS[subject]).toMatch(/[\u0600-\u06FF]/);
      expect(contactSchema.safeParse({ ...valid, subject }).success).toBe(true);
    }
    expect(fieldErrors({ ...valid, subject: 'sales' })).toEqual({ subject: CONTACT_MESSAGES.subjectRequired });
  });

  it('keeps the server limits: name ≤ 100, message 10 to 2000 characters', () => {
    expect(fieldErrors({ ...valid, name: 'س'.repeat(CONTACT_LIMITS.nameMax) })).toEqual({});
    expect(fieldErrors({ ...valid, name: 'س'.repeat(CONTACT_LIMITS.nameMax + 1) })).toEqual({
      name: CONTACT_MESSAGES.nameTooLong,
    });
    expect(fieldErrors({ ...valid, message: 'قصيرة' })).toEqual({ message: CONTACT_MESSAGES.messageTooShort });
    expect(fieldErrors({ ...valid, message: 'س'.repeat(CONTACT_LIMITS.messageMax + 1) })).toEqual({
      message: CONTACT_MESSAGES.messageTooLong,
    });
    expect(CONTACT_MESSAGES.messageTooShort).toBe('الرسالة يجب أن تكون 10 أحرف على الأقل');
  });
});
