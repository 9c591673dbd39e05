/** GET /api/users/me/blocks: the members the signed-in member blocked (R-BLOCK). */
import { type BlockedMember, type BlocksResult, path, routes } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';

export async function getBlockedMembers(signal?: AbortSignal): Promise<BlockedMember[]> {
  return (await api.get<BlocksResult>(path(routes.blocks.mine), { silent: true, signal })).members;
}

/** `ownId`: the signed-in member (undefined: signed out, nothing is asked). */
export function useBlockedMembers(ownId: string | undefined) {
  return useQuery({
    queryKey: profileKeys.blocks(ownId ?? ''),
    queryFn: ({ signal }) => getBlockedMembers(signal),
    enabled: Boolean(ownId),
  });
}
