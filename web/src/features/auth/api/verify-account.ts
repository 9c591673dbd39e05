import { path, routes, type AuthSuccess } from '@mazad/contracts';
import { api } from '@/lib/api-client';

export const VERIFY_FALLBACK_ERROR = 'حدث خطأ أثناء التحقق';

/** POST /api/auth/verify { userId, verificationCode } → { token, user } (activation mode of /login). */
export async function verifyAccount(input: { userId: string; verificationCode: string }): Promise<AuthSuccess> {
  return api.post<AuthSuccess>(path(routes.auth.verify), input, { fallbackMessage: VERIFY_FALLBACK_ERROR });
}
