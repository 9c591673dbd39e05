/** PUT /api/users/profile-image (field `profileImage`), 30 s timeout; the screen words the failure. */
import { path, routes, type ProfileImageResult } from '@mazad/contracts';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import * as m from '../lib/messages';
import { useOwnUserMutation } from './user';

export function uploadProfileImage(file: File): Promise<ProfileImageResult> {
  const form = new FormData();
  form.append('profileImage', file, file.name);
  return api.put<ProfileImageResult>(path(routes.users.profileImage), form, {
    silent: true,
    timeoutMs: m.PROFILE_IMAGE_TIMEOUT_MS,
  });
}

/** See useOwnUserMutation. */
export function useUploadProfileImage(config: MutationConfig<ProfileImageResult, File> = {}) {
  return useOwnUserMutation(uploadProfileImage, config);
}
