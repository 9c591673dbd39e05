import { path, routes, type User } from '@mazad/contracts';
import { api } from '@/lib/api-client';

export const REGISTER_FALLBACK_ERROR = 'حدث خطأ أثناء التسجيل';

export interface RegisterInput {
  name: string;
  email: string;
  phone: string;
  location: string;
  password: string;
  challengeId: string;
  challengeAnswer: number;
}

export interface RegisterResult {
  success?: boolean;
  message?: string;
  token?: string;
  user?: User;
}

/** POST /api/auth/register. Silent: the screen handles the 409 reset offer and other errors. */
export function register(input: RegisterInput): Promise<RegisterResult> {
  return api.post<RegisterResult>(
    path(routes.auth.register),
    { ...input, verificationMethod: 'math' },
    { silent: true, fallbackMessage: REGISTER_FALLBACK_ERROR },
  );
}
