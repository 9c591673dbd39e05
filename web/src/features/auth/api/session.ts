import type { User } from '@mazad/contracts';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** GET /api/auth/me → { user } (a bare user is accepted too). Silent: failures log out quietly. */
export async function getCurrentUser(): Promise<User> {
  const result = await api.get<{ user: User } | User>(apiPaths.auth.me, { silent: true });
  const user = result && typeof result === 'object' && 'user' in result ? result.user : (result as User);
  if (!user || typeof user !== 'object' || !user._id) throw new Error('no user in /api/auth/me');
  return user;
}

/** POST /api/auth/logout: the server revokes this token at once. Silent; a failure changes nothing for the member. */
export async function revokeToken(): Promise<void> {
  await api.post(apiPaths.auth.logout, undefined, { silent: true }).catch(() => undefined);
}
