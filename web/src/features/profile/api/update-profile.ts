/** PUT /api/users/{id}: the owner edits name, phone and location. */
import { path, routes, type UpdateProfileRequest, type UpdateProfileResult } from '@mazad/contracts';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import * as m from '../lib/messages';
import { useOwnUserMutation } from './user';

export function updateProfile(userId: string, body: UpdateProfileRequest): Promise<UpdateProfileResult> {
  return api.put<UpdateProfileResult>(path(routes.users.update, { id: userId }), body, {
    silent: true,
    fallbackMessage: m.PROFILE_UPDATE_ERROR,
  });
}

/** Saves (see useOwnUserMutation). */
export function useUpdateProfile(
  userId: string,
  config: MutationConfig<UpdateProfileResult, UpdateProfileRequest> = {},
) {
  return useOwnUserMutation((body: UpdateProfileRequest) => updateProfile(userId, body), config);
}
