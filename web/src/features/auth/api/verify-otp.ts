import { path, routes, type User } from '@mazad/contracts';
import { api } from '@/lib/api-client';
import type { OtpType } from '../lib/otp-type';

export interface VerifyOtpResult {
  success?: boolean;
  message?: string;
  token?: string;
  user?: User;
}

/** POST /api/otp/verify-otp { identifier, otp, type } → { token, user }. Silent: shown in a banner. */
export function verifyOtp(input: { identifier: string; otp: string; type: OtpType }): Promise<VerifyOtpResult> {
  return api.post<VerifyOtpResult>(path(routes.otp.verify), input, {
    silent: true,
    auth: false,
    fallbackMessage: 'رمز التحقق غير صحيح',
  });
}
