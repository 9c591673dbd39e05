import { path, routes, type AuthSuccess, type User, type VerificationRequired } from '@mazad/contracts';
import { toast } from '@/components/ui/toast-store';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { useSession } from '../hooks/use-session';
import { useAuthMutation } from './auth-mutation';

export const LOGIN_FALLBACK_ERROR = 'حدث خطأ أثناء تسجيل الدخول';

export type VerificationUserData = VerificationRequired['userData'];
export type LoginResult =
  | { kind: 'signed-in'; token: string; user: User }
  | { kind: 'verification-required'; message: string; userData: VerificationUserData };

export const LOGIN_SUCCESS = 'تم تسجيل الدخول بنجاح';

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
 * understood). Silent: useLogin toasts the other failures.
 */
export interface LoginInput {
  email: string;
  password: string;
}

export async function login(input: LoginInput): Promise<LoginResult> {
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

/**
 * Signs in: the session is stored and greeted; an unverified account gets the server's note
 * (the screen then offers the verification). A failure is toasted with the server's message.
 */
export function useLogin(config: MutationConfig<LoginResult, LoginInput> = {}) {
  const { signIn } = useSession();
  return useAuthMutation(
    login,
    {
      success: (result) => {
        if (result.kind === 'verification-required') {
          if (result.message) toast(result.message);
          return;
        }
        signIn(result.token, result.user);
        toast.success(LOGIN_SUCCESS);
      },
      failure: (error) => toast.error(errorMessage(error, LOGIN_FALLBACK_ERROR)),
    },
    config,
  );
}
