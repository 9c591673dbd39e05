import { path, routes, type User } from '@mazad/contracts';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { storage, storageKeys } from '@/lib/storage';
import { useSession } from '../hooks/use-session';
import { clearOtpTarget } from '../lib/otp-target';
import type { OtpType } from '../lib/otp-type';
import { useAuthMutation } from './auth-mutation';
import { getCurrentUser } from './current-user';

export interface VerifyOtpInput {
  identifier: string;
  otp: string;
  type: OtpType;
}

export interface VerifyOtpResult {
  success?: boolean;
  message?: string;
  token?: string;
  user?: User;
}

/** POST /api/otp/verify-otp { identifier, otp, type } → { token, user }. Silent: shown in a banner. */
export function verifyOtp(input: VerifyOtpInput): Promise<VerifyOtpResult> {
  return api.post<VerifyOtpResult>(path(routes.otp.verify), input, {
    silent: true,
    auth: false,
    fallbackMessage: 'رمز التحقق غير صحيح',
  });
}

export interface OtpSession {
  token: string;
  user: User;
  message?: string;
}

/** The code's session: the answer's token and user (older answers carry only the token: the user is read with it). */
async function verifyOtpSession(input: VerifyOtpInput): Promise<OtpSession> {
  const result = await verifyOtp(input);
  if (!result?.token) throw new Error('no token');
  if (result.user) return { token: result.token, user: result.user, message: result.message };
  storage.set(storageKeys.token, result.token);
  try {
    return { token: result.token, user: await getCurrentUser(), message: result.message };
  } catch (error) {
    storage.remove(storageKeys.token);
    throw error;
  }
}

/** Verifies the code: the session is stored and the code's target forgotten. */
export function useVerifyOtp(config: MutationConfig<OtpSession, VerifyOtpInput> = {}) {
  const { signIn } = useSession();
  return useAuthMutation(
    verifyOtpSession,
    {
      success: (session) => {
        signIn(session.token, session.user);
        clearOtpTarget();
      },
    },
    config,
  );
}
