import { path, routes } from '@mazad/contracts';
import { toast } from '@/components/ui/toast-store';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { useAuthMutation } from './auth-mutation';

export interface ResetPasswordInput {
  userId: string;
  verificationAnswer: string;
  password: string;
}

type ResetPasswordResult = { success?: boolean; message?: string };

/** POST /api/auth/reset-password { userId, verificationAnswer, password }. A refusal is toasted. */
export function resetPassword(input: ResetPasswordInput): Promise<ResetPasswordResult> {
  return api.post(path(routes.auth.resetPassword), input, {
    auth: false,
    fallbackMessage: 'حدث خطأ أثناء تحديث كلمة المرور',
  });
}

/** Sets the new password with the emailed code; the change is toasted. */
export function useResetPassword(config: MutationConfig<ResetPasswordResult, ResetPasswordInput> = {}) {
  return useAuthMutation(resetPassword, { success: () => toast.success('تم تحديث كلمة المرور بنجاح') }, config);
}
