import { path, routes, type RegisterRequest, type User } from '@mazad/contracts';
import { toast } from '@/components/ui/toast-store';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { useSession } from '../hooks/use-session';
import { useAuthMutation } from './auth-mutation';

export const REGISTER_FALLBACK_ERROR = 'حدث خطأ أثناء التسجيل';

/** The form's fields; the client always registers with the math challenge. */
export type RegisterInput = Omit<RegisterRequest, 'verificationMethod'>;

export interface RegisterResult {
  success?: boolean;
  message?: string;
  token?: string;
  user?: User;
}

/** POST /api/auth/register. Silent: useRegister toasts failures, the screen asks about a reset offer. */
export function register(input: RegisterInput): Promise<RegisterResult> {
  return api.post<RegisterResult>(
    path(routes.auth.register),
    { ...input, verificationMethod: 'math' },
    { silent: true, fallbackMessage: REGISTER_FALLBACK_ERROR },
  );
}

/** Whether the answer signs the new member in (else the account waits for its verification). */
export function signsIn(result: RegisterResult): result is RegisterResult & { token: string; user: User } {
  return Boolean(result.token && result.user);
}

/** A 409 for an email or phone already registered offers a password reset: its message, else null. */
export function resetOffer(error: unknown): string | null {
  return error instanceof ApiError && error.status === 409 && error.body?.redirectToReset ? error.message : null;
}

/**
 * Registers: an answer with a session stores it; either way the new account is toasted. A
 * failure is toasted with the server's message, except a reset offer (the screen asks).
 */
export function useRegister(config: MutationConfig<RegisterResult, RegisterInput> = {}) {
  const { signIn } = useSession();
  return useAuthMutation(
    register,
    {
      success: (result) => {
        if (signsIn(result)) {
          signIn(result.token, result.user);
          toast.success('تم إنشاء الحساب وتسجيل الدخول بنجاح');
        } else {
          toast.success('تم إنشاء الحساب، يرجى إكمال التحقق');
        }
      },
      failure: (error) => {
        if (!resetOffer(error)) toast.error(errorMessage(error, REGISTER_FALLBACK_ERROR));
      },
    },
    config,
  );
}
