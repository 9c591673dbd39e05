import { path, routes } from '@mazad/contracts';
import { api } from '@/lib/api-client';
import type { OtpType } from '../lib/otp-type';

/** POST /api/otp/send-email-otp or send-telegram-otp { identifier } → { success, message }. Silent: shown in a banner. */
export function sendOtp(type: OtpType, identifier: string): Promise<{ success?: boolean; message?: string }> {
  const route = type === 'telegram' ? routes.otp.sendTelegram : routes.otp.sendEmail;
  return api.post(path(route), { identifier }, { silent: true, auth: false, fallbackMessage: 'فشل إرسال رمز التحقق' });
}
