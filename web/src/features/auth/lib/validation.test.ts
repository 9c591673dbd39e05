import { describe, expect, it } from 'vitest';
import {
  messages,
  sanitizeOtp,
  validateConfirm,
  validateEmail,
  validateName,
  validateOtp,
  validatePassword,
  validatePhone,
  validateRegister,
} from './validation';

describe('account form validation (R-ACCOUNT-FIELDS)', () => {
  it('requires a well-formed email', () => {
    expect(validateEmail('')).toBe(messages.emailRequired);
    expect(validateEmail('   ')).toBe(messages.emailRequired);
    expect(validateEmail('ahmad@')).toBe(messages.emailInvalid);
    expect(validateEmail('ahmad example.com')).toBe(messages.emailInvalid);
    expect(validateEmail(' ahmad@example.com ')).toBeNull();
  });

  it('requires a password of at least 6 characters', () => {
    expect(validatePassword('')).toBe(messages.passwordRequired);
    expect(validatePassword('12345')).toBe(messages.passwordTooShort);
    expect(validatePassword('123456')).toBeNull();
  });

  it('requires the confirmation to equal the password', () => {
    expect(validateConfirm('secret1', '')).toBe(messages.confirmRequired);
    expect(validateConfirm('secret1', 'secret2')).toBe(messages.passwordsDiffer);
    expect(validateConfirm('secret1', 'secret1')).toBeNull();
  });

  it('requires a name of at least 2 characters', () => {
    expect(validateName(' ')).toBe(messages.nameRequired);
    expect(validateName('م')).toBe(messages.nameTooShort);
    expect(validateName('مي')).toBeNull();
  });

  it('accepts only digits, plus, minus, spaces and parentheses in a phone', () => {
    expect(validatePhone('')).toBe(messages.phoneRequired);
    expect(validatePhone('079-123abc')).toBe(messages.phoneInvalid);
    expect(validatePhone('+962 (79) 123-4567')).toBeNull();
  });

  it('requires exactly 6 digits in a code', () => {
    expect(validateOtp('')).toBe(messages.codeRequired);
    expect(validateOtp('12345')).toBe(messages.otpLength);
    expect(validateOtp('1234567')).toBe(messages.otpLength);
    expect(validateOtp('12a456')).toBe(messages.otpLength);
    expect(validateOtp('123456')).toBeNull();
    expect(sanitizeOtp('12 34-567')).toBe('123456');
  });

  it('reports every invalid registration field at once, with location required', () => {
    const errors = validateRegister({
      name: '',
      email: 'x',
      phone: 'abc',
      location: ' ',
      password: '1',
      confirmPassword: '2',
    });
    expect(errors).toEqual({
      name: messages.nameRequired,
      email: messages.emailInvalid,
      phone: messages.phoneInvalid,
      location: messages.locationRequired,
      password: messages.passwordTooShort,
      confirmPassword: messages.passwordsDiffer,
    });
    expect(
      validateRegister({
        name: 'سارة',
        email: 'sara@example.jo',
        phone: '0791234567',
        location: 'عمّان',
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
    ).toEqual({});
  });
});
