import { path, routes, type User } from '@mazad/contracts';
import { api, ApiError } from '@/lib/api-client';

/** GET /api/auth/me → { user } (a bare user is accepted too). Silent: the caller decides (sessionRefused). */
export async function getCurrentUser(): Promise<User> {
  const result = await api.get<{ user: User } | User>(path(routes.auth.me), { silent: true });
  const user = result && typeof result === 'object' && 'user' in result ? result.user : (result as User);
  if (!user || typeof user !== 'object' || !user._id) throw new Error('no user in /api/auth/me');
  return user;
}

/**
 * Whether a failed session check means the session is over: the server refused the token (401)
 * or the account is gone (404). Anything else — the request aborted because the page is
 * unloading (a reload, a link that loads a new page), no network, a timeout, a 5xx — says
 * nothing about the token, and the next page needs it.
 */
export function sessionRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 404);
}
