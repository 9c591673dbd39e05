import type { Challenge, User } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
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
    apiPaths.auth.register,
    { ...input, verificationMethod: 'math' },
    { silent: true, fallbackMessage: REGISTER_FALLBACK_ERROR },
  );
}

/** GET /api/auth/challenge → { challengeId, question }: a single-use anti-bot equation. */
export function getChallenge(): Promise<Challenge> {
  return api.get<Challenge>(apiPaths.auth.challenge, { auth: false, fallbackMessage: 'تعذر تحميل المعادلة' });
}

/** Never cached or refetched behind the user's back: a new one only on request. */
export function useChallenge() {
  return useQuery({
    queryKey: ['auth', 'challenge'],
    queryFn: getChallenge,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
