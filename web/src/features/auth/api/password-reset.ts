import type { ForgotPasswordResult } from '@mazad/contracts';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** POST /api/auth/forgot-password { email } → { userId, verificationQuestion }. */
export function requestPasswordReset(email: string): Promise<ForgotPasswordResult> {
  return api.post<ForgotPasswordResult>(
    apiPaths.auth.forgotPassword,
    { email },
    { auth: false, fallbackMessage: 'حدث خطأ أثناء إنشاء سؤال التحقق' },
  );
}

/** POST /api/auth/reset-password { userId, verificationAnswer, password }. */
export function resetPassword(input: {
  userId: string;
  verificationAnswer: string;
  password: string;
}): Promise<{ success?: boolean; message?: string }> {
  return api.post(apiPaths.auth.resetPassword, input, {
    auth: false,
    fallbackMessage: 'حدث خطأ أثناء تحديث كلمة المرور',
  });
}
