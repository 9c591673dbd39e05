/** Small display rules of the profile lists. */
import { fields } from '@/lib/field-schemas';
import { z } from '@/lib/zod';
import * as m from './messages';

/** Short ids show the last 6 characters. */
export function shortId(id: string | null | undefined): string {
  return (id ?? '').slice(-6);
}

/** The profile edit form: name, phone and location, by the shared field rules. */
export const profileFormSchema = z.object({ name: fields.name, phone: fields.phone, location: fields.location });
export type ProfileFormValues = z.input<typeof profileFormSchema>;

/** The email-change code form: the 6-digit code sent to the new address. */
export const emailCodeSchema = z.object({ code: fields.otpCode });

/** The first message of a shared field's check, or null when the value passes. */
function fieldProblem(schema: z.ZodType, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export interface CredentialsValues {
  currentPassword: string;
  email: string;
  newPassword: string;
}

/**
 * The credentials form's checks, in this order, each a toast (R-PROFILE-OWNER): the current password,
 * then at least one change, then a session. Answers the request body or the toast text.
 */
export function checkCredentials(
  values: CredentialsValues,
  currentEmail: string,
  token: string | null,
):
  | { ok: true; body: { currentPassword: string; email?: string; newPassword?: string } }
  | { ok: false; message: string } {
  if (!values.currentPassword) return { ok: false, message: m.ENTER_CURRENT_PASSWORD };
  const email = values.email.trim();
  const emailChanged = email !== '' && email.toLowerCase() !== currentEmail.trim().toLowerCase();
  const newPassword = values.newPassword;
  if (!emailChanged && !newPassword) return { ok: false, message: m.CHANGE_SOMETHING };
  if (!token) return { ok: false, message: m.LOGIN_FIRST };
  const problem =
    (emailChanged ? fieldProblem(fields.email, email) : null) ??
    (newPassword ? fieldProblem(fields.password, newPassword) : null);
  if (problem) return { ok: false, message: problem };
  return {
    ok: true,
    body: {
      currentPassword: values.currentPassword,
      ...(emailChanged ? { email } : {}),
      ...(newPassword ? { newPassword } : {}),
    },
  };
}

/** The profile image upload's failure text (R-CLIENT-ERROR-TEXT): 401, 403, 413, then the server's message. */
export function profileImageErrorMessage(status: number, serverMessage?: string | null): string {
  if (status === 401) return m.IMAGE_SESSION_EXPIRED;
  if (status === 403) return m.IMAGE_FORBIDDEN;
  if (status === 413) return m.IMAGE_TOO_LARGE;
  return serverMessage?.trim() || m.IMAGE_UPLOAD_ERROR;
}
