import { path, routes, type ForgotPasswordResult } from '@mazad/contracts';
import { toast } from '@/components/ui/toast-store';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { useAuthMutation } from './auth-mutation';

/** POST /api/auth/forgot-password { email } → { userId, verificationQuestion }. A refusal is toasted. */
export function requestPasswordReset(email: string): Promise<ForgotPasswordResult> {
  return api.post<ForgotPasswordResult>(
    path(routes.auth.forgotPassword),
    { email },
    { auth: false, fallbackMessage: 'حدث خطأ أثناء إنشاء سؤال التحقق' },
  );
}

/** Asks for a reset code; the server's note is toasted. */
export function useRequestPasswordReset(config: MutationConfig<ForgotPasswordResult, string> = {}) {
  return useAuthMutation(
    requestPasswordReset,
    {
      success: (result) => {
        if (result.message) toast.success(result.message);
      },
    },
    config,
  );
}
