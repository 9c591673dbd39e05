import { path, routes, type ForgotPasswordResult } from '@mazad/contracts';
import { api } from '@/lib/api-client';

/** POST /api/auth/forgot-password { email } → { userId, verificationQuestion }. */
export function requestPasswordReset(email: string): Promise<ForgotPasswordResult> {
  return api.post<ForgotPasswordResult>(
    path(routes.auth.forgotPassword),
    { email },
    { auth: false, fallbackMessage: 'حدث خطأ أثناء إنشاء سؤال التحقق' },
  );
}
