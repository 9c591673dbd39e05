/** Client-side checks of the account forms, with the Arabic texts (R-ACCOUNT-FIELDS). */
import { LIMITS, PHONE_PATTERN } from '@mazad/contracts';

export const messages = {
  emailRequired: 'البريد الإلكتروني مطلوب',
  emailInvalid: 'البريد الإلكتروني غير صالح',
  passwordRequired: 'كلمة المرور مطلوبة',
  passwordTooShort: `كلمة المرور يجب أن تكون ${LIMITS.passwordMin} أحرف على الأقل`,
  nameRequired: 'الاسم مطلوب',
  nameTooShort: 'الاسم يجب أن يكون حرفين على الأقل',
  phoneRequired: 'رقم الهاتف مطلوب',
  phoneInvalid: 'رقم الهاتف غير صالح',
  locationRequired: 'الموقع مطلوب',
  confirmRequired: 'تأكيد كلمة المرور مطلوب',
  passwordsDiffer: 'كلمات المرور غير متطابقة',
  captchaRequired: 'يرجى حل المعادلة أولاً',
  codeRequired: 'رمز التحقق مطلوب',
  otpLength: `رمز التحقق يجب أن يكون ${LIMITS.otpLength} أرقام`,
  methodRequired: 'يرجى اختيار طريقة التحقق',
} as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const OTP_PATTERN = new RegExp(`^\\d{${LIMITS.otpLength}}$`);

type Check = string | null;

export function validateEmail(value: string): Check {
  const email = value.trim();
  if (!email) return messages.emailRequired;
  return EMAIL_PATTERN.test(email) ? null : messages.emailInvalid;
}

export function validatePassword(value: string): Check {
  if (!value) return messages.passwordRequired;
  return value.length >= LIMITS.passwordMin ? null : messages.passwordTooShort;
}

export function validateConfirm(password: string, confirm: string): Check {
  if (!confirm) return messages.confirmRequired;
  return password === confirm ? null : messages.passwordsDiffer;
}

export function validateName(value: string): Check {
  const name = value.trim();
  if (!name) return messages.nameRequired;
  return Array.from(name).length >= LIMITS.nameMin ? null : messages.nameTooShort;
}

export function validatePhone(value: string): Check {
  const phone = value.trim();
  if (!phone) return messages.phoneRequired;
  return PHONE_PATTERN.test(phone) ? null : messages.phoneInvalid;
}

export function validateLocation(value: string): Check {
  return value.trim() ? null : messages.locationRequired;
}

export function validateOtp(value: string): Check {
  const code = value.trim();
  if (!code) return messages.codeRequired;
  return OTP_PATTERN.test(code) ? null : messages.otpLength;
}

/** Keeps only digits, at most the OTP length (typing or pasting "12 34-56" gives "123456"). */
export function sanitizeOtp(value: string): string {
  return value.replace(/\D/g, '').slice(0, LIMITS.otpLength);
}

export interface RegisterFields {
  name: string;
  email: string;
  phone: string;
  location: string;
  password: string;
  confirmPassword: string;
}

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export function validateRegister(fields: RegisterFields): FieldErrors<RegisterFields> {
  const errors: FieldErrors<RegisterFields> = {};
  const checks: [keyof RegisterFields, Check][] = [
    ['name', validateName(fields.name)],
    ['email', validateEmail(fields.email)],
    ['phone', validatePhone(fields.phone)],
    ['location', validateLocation(fields.location)],
    ['password', validatePassword(fields.password)],
    ['confirmPassword', validateConfirm(fields.password, fields.confirmPassword)],
  ];
  for (const [field, error] of checks) if (error) errors[field] = error;
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}
