import { path, routes } from '@mazad/contracts';
import { api } from '@/lib/api-client';

/** POST /api/auth/reset-password { userId, verificationAnswer, password }. */
export function resetPassword(input: {
  userId: string;
  verificationAnswer: string;
  password: string;
}): Promise<{ success?: boolean; message?: string }> {
  return api.post(path(routes.auth.resetPassword), input, {
    auth: false,
    fallbackMessage: 'حدث خطأ أثناء تحديث كلمة المرور',
  });
}
