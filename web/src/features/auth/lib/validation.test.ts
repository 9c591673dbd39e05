import { FIELDS } from '@mazad/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from '@/lib/zod';
import { codeSchema, loginSchema, messages, methodSchema, registerSchema, resetPasswordSchema } from './validation';

/** The first message of each field (what the form shows under it). */
function errorsOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('account forms (R-ACCOUNT-FIELDS)', () => {
  it('sign-in: a well-formed email and a password, of any length', () => {
    expect(errorsOf(loginSchema, { email: ' ', password: '' })).toEqual({
      email: FIELDS.email.messages.required,
      password: FIELDS.password.messages.required,
    });
    expect(errorsOf(loginSchema, { email: 'ahmad@', password: '1' })).toEqual({ email: FIELDS.email.messages.invalid });
    expect(loginSchema.parse({ email: ' Ahmad@Example.com ', password: '1' })).toEqual({
      email: 'ahmad@example.com',
      password: '1',
    });
  });

  it('requires exactly 6 digits in a code, read as typed (R-NUMBER-INPUT)', () => {
    expect(errorsOf(codeSchema, { code: '' })).toEqual({ code: FIELDS.otpCode.messages.required });
    expect(errorsOf(codeSchema, { code: '12345' })).toEqual({ code: FIELDS.otpCode.messages.invalid });
    expect(errorsOf(codeSchema, { code: '12a456' })).toEqual({ code: FIELDS.otpCode.messages.invalid });
    expect(errorsOf(codeSchema, { code: '123456' })).toEqual({});
    expect(codeSchema.parse({ code: '١٢٣ ٤٥٦' })).toEqual({ code: '123456' });
  });

  it('reports every invalid registration field at once, the confirmation included', () => {
    const values = { name: '', email: 'x', phone: 'abc', location: ' ', password: '1', confirmPassword: '2' };
    expect(errorsOf(registerSchema, values)).toEqual({
      name: FIELDS.name.messages.required,
      email: FIELDS.email.messages.invalid,
      phone: FIELDS.phone.messages.invalid,
      location: FIELDS.location.messages.required,
      password: FIELDS.password.messages.tooShort,
      confirmPassword: messages.passwordsDiffer,
    });
    const valid = {
      name: 'سارة',
      email: 'sara@example.jo',
      phone: '+962 (79) 123-4567',
      location: 'عمّان',
      password: 'secret1',
      confirmPassword: 'secret1',
    };
    expect(errorsOf(registerSchema, valid)).toEqual({});
    expect(errorsOf(registerSchema, { ...valid, name: 'م' })).toEqual({ name: FIELDS.name.messages.tooShort });
  });

  it('a new password: the code, the password and its confirmation', () => {
    expect(errorsOf(resetPasswordSchema, { code: '123456', password: 'secret1', confirmPassword: '' })).toEqual({
      confirmPassword: messages.confirmRequired,
    });
    expect(errorsOf(resetPasswordSchema, { code: '1', password: 'secret1', confirmPassword: 'secret1' })).toEqual({
      code: FIELDS.otpCode.messages.invalid,
    });
  });

  it('a channel for the code must be chosen', () => {
    expect(errorsOf(methodSchema, { method: '' })).toEqual({ method: messages.methodRequired });
    expect(errorsOf(methodSchema, { method: 'email' })).toEqual({});
  });
});
