import { path, routes, type Challenge } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';

/** GET /api/auth/challenge → { challengeId, question }: a single-use anti-bot equation. */
export function getChallenge(): Promise<Challenge> {
  return api.get<Challenge>(path(routes.auth.challenge), { auth: false, fallbackMessage: 'تعذر تحميل المعادلة' });
}

/** Never cached or refetched behind the user's back: a new one only on request. */
export function useChallenge() {
  return useQuery({
    queryKey: authKeys.challenge(),
    queryFn: getChallenge,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
