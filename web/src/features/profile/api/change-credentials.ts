/** PUT /api/users/change-credentials: a new password and/or email (an email change waits for its code). */
import { path, routes, type ChangeCredentialsRequest, type ChangeCredentialsResult } from '@mazad/contracts';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import * as m from '../lib/messages';
import { useOwnUserMutation } from './user';

export function changeCredentials(body: ChangeCredentialsRequest): Promise<ChangeCredentialsResult> {
  return api.put<ChangeCredentialsResult>(path(routes.users.changeCredentials), body, {
    silent: true,
    fallbackMessage: m.CREDENTIALS_UPDATE_ERROR,
  });
}

/** See useOwnUserMutation. */
export function useChangeCredentials(config: MutationConfig<ChangeCredentialsResult, ChangeCredentialsRequest> = {}) {
  return useOwnUserMutation(changeCredentials, config);
}
