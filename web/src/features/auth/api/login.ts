import { path, routes, type AuthSuccess, type User, type VerificationRequired } from '@mazad/contracts';
import { api, ApiError } from '@/lib/api-client';

export const LOGIN_FALLBACK_ERROR = 'حدث خطأ أثناء تسجيل الدخول';

export type VerificationUserData = VerificationRequired['userData'];
export type LoginResult =
  | { kind: 'signed-in'; token: string; user: User }
  | { kind: 'verification-required'; message: string; userData: VerificationUserData };

function asVerification(body: unknown): LoginResult | null {
  const value = body as Partial<VerificationRequired> | undefined;
  if (value?.requiresVerification && value.userData) {
    return { kind: 'verification-required', message: value.message ?? '', userData: value.userData };
  }
  return null;
}

/**
 * POST /api/auth/login { email, password }. An unverified account does not sign in: the
 * server answers requiresVerification with userData (with a 2xx or an error status, both are
 * understood). Other failures show the server's message as a toast and are rethrown.
 */
export async function login(input: { email: string; password: string }): Promise<LoginResult> {
  try {
    const result = await api.post<AuthSuccess | VerificationRequired>(path(routes.auth.login), input, {
      silent: true,
      fallbackMessage: LOGIN_FALLBACK_ERROR,
    });
    const verification = asVerification(result);
    if (verification) return verification;
    const success = result as AuthSuccess;
    if (!success?.token || !success.user) throw new ApiError(LOGIN_FALLBACK_ERROR, 500);
    return { kind: 'signed-in', token: success.token, user: success.user };
  } catch (error) {
    const verification = error instanceof ApiError ? asVerification(error.body) : null;
    if (verification) return verification;
    throw error;
  }
}
