/**
 * The account forms' schemas: their fields are the shared field rules (FIELDS of
 * @mazad/contracts: the server's limits and Arabic texts); what only these forms check (the
 * password typed twice, the registration challenge, the code's channel) has its texts here.
 */
import { FIELDS } from '@mazad/contracts';
import { fields } from '@/lib/field-schemas';
import { z } from '@/lib/zod';
import { OTP_TYPES, type OtpType } from './otp-type';

export const messages = {
  confirmRequired: 'تأكيد كلمة المرور مطلوب',
  passwordsDiffer: 'كلمات المرور غير متطابقة',
  captchaRequired: 'يرجى حل المعادلة أولاً',
  methodRequired: 'يرجى اختيار طريقة التحقق',
} as const;

/** A password being checked (sign-in) is only required: the length rules are a new password's. */
const currentPassword = z.string().min(1, FIELDS.password.messages.required);

/**
 * A new password and its confirmation, which must match. The match is a schema of its own
 * beside the fields' (an intersection runs both), so it is reported even while another field
 * is wrong: a failed shared-field check stops its object's later checks.
 */
function withNewPassword<Shape extends z.ZodRawShape>(shape: Shape) {
  const typed = z.object({
    ...shape,
    password: fields.password,
    confirmPassword: z.string().min(1, messages.confirmRequired),
  });
  const matching = z
    .object({ password: z.string(), confirmPassword: z.string() })
    .refine((values) => !values.confirmPassword || values.password === values.confirmPassword, {
      path: ['confirmPassword'],
      message: messages.passwordsDiffer,
    });
  return z.intersection(typed, matching);
}

export const loginSchema = z.object({ email: fields.email, password: currentPassword });

/** A 6-digit verification code (account activation, the OTP screen). */
export const codeSchema = z.object({ code: fields.otpCode });

export const registerSchema = withNewPassword({
  name: fields.name,
  email: fields.email,
  phone: fields.phone,
  location: fields.location,
});
export type RegisterFields = z.input<typeof registerSchema>;

export const resetRequestSchema = z.object({ email: fields.email });
export const resetPasswordSchema = withNewPassword({ code: fields.otpCode });

export const methodSchema = z.object({
  method: z
    .string()
    .refine((value): value is OtpType => (OTP_TYPES as readonly string[]).includes(value), messages.methodRequired),
});
