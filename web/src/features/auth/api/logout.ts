import { path, routes } from '@mazad/contracts';
import { api } from '@/lib/api-client';

/** POST /api/auth/logout: the server revokes this token at once. Silent; a failure changes nothing for the member. */
export async function revokeToken(): Promise<void> {
  await api.post(path(routes.auth.logout), undefined, { silent: true }).catch(() => undefined);
}
