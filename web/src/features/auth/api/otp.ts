import type { AvailableServices, User } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export type OtpType = 'email' | 'telegram';

export const OTP_TYPES: readonly OtpType[] = ['email', 'telegram'];

export function isOtpType(value: unknown): value is OtpType {
  return value === 'email' || value === 'telegram';
}

/** GET /api/otp/available-services; on failure only email is offered. */
export async function getAvailableServices(): Promise<AvailableServices['services']> {
  try {
    const result = await api.get<AvailableServices>(apiPaths.otp.availableServices, { silent: true, auth: false });
    return { email: result?.services?.email !== false, telegram: result?.services?.telegram === true };
  } catch {
    return { email: true, telegram: false };
  }
}

export function useAvailableServices() {
  return useQuery({ queryKey: ['otp', 'services'], queryFn: getAvailableServices, staleTime: 60_000 });
}

/** POST /api/otp/send-email-otp or send-telegram-otp { identifier } → { success, message }. Silent: shown in a banner. */
export function sendOtp(type: OtpType, identifier: string): Promise<{ success?: boolean; message?: string }> {
  const path = type === 'telegram' ? apiPaths.otp.sendTelegram : apiPaths.otp.sendEmail;
  return api.post(path, { identifier }, { silent: true, auth: false, fallbackMessage: 'فشل إرسال رمز التحقق' });
}

export interface VerifyOtpResult {
  success?: boolean;
  message?: string;
  token?: string;
  user?: User;
}

/** POST /api/otp/verify-otp { identifier, otp, type } → { token, user }. Silent: shown in a banner. */
export function verifyOtp(input: { identifier: string; otp: string; type: OtpType }): Promise<VerifyOtpResult> {
  return api.post<VerifyOtpResult>(apiPaths.otp.verify, input, {
    silent: true,
    auth: false,
    fallbackMessage: 'رمز التحقق غير صحيح',
  });
}
