import { path, routes } from '@mazad/contracts';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { saveOtpTarget, type OtpTarget } from '../lib/otp-target';
import { useAuthMutation } from './auth-mutation';

type SendOtpResult = { success?: boolean; message?: string };

/** POST /api/otp/send-email-otp or send-telegram-otp { identifier } → { success, message }. Silent: shown in a banner. */
export function sendOtp({ type, identifier }: OtpTarget): Promise<SendOtpResult> {
  const route = type === 'telegram' ? routes.otp.sendTelegram : routes.otp.sendEmail;
  return api.post(path(route), { identifier }, { silent: true, auth: false, fallbackMessage: 'فشل إرسال رمز التحقق' });
}

/** Sends a code; where it went is saved, so the code screen finds it after a reload. */
export function useSendOtp(config: MutationConfig<SendOtpResult, OtpTarget> = {}) {
  return useAuthMutation(sendOtp, { success: (_result, target) => saveOtpTarget(target) }, config);
}
