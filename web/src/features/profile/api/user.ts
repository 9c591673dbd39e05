/** GET /api/users/{id}: a member's profile (the full one for its owner, the public one for others). */
import { path, routes, type PublicUser, type User, type UserResult } from '@mazad/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { profileKeys } from './keys';
import { isMemberId } from './list-or-empty';

/** Failures are reported (the screen shows its error state). */
export async function getUser(userId: string, signal?: AbortSignal): Promise<PublicUser | User> {
  return (await api.get<UserResult>(path(routes.users.get, { id: userId }), { silent: true, signal })).user;
}

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.user(id ?? ''),
    queryFn: ({ signal }) => getUser(id!, signal),
    enabled: isMemberId(id),
    retry: false,
  });
}

/**
 * A write of the signed-in member whose answer carries their updated account: that copy
 * replaces the cached profile, then the screen's `onSuccess` runs.
 */
export function useOwnUserMutation<TData extends { user: User }, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  config: MutationConfig<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: (result, ...rest) => {
      queryClient.setQueryData(profileKeys.user(result.user._id), result.user);
      return config.onSuccess?.(result, ...rest);
    },
  });
}
