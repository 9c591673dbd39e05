/** PUT /api/users/{id}/block: the signed-in member blocks another (R-BLOCK). */
import { type BlockResult, path, routes } from '@mazad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import * as m from '../lib/messages';
import { profileKeys } from './keys';

/** A failure is toasted with the server's Arabic text (else BLOCK_ERROR). */
export function blockMember(memberId: string): Promise<BlockResult> {
  return api.put<BlockResult>(path(routes.blocks.block, { id: memberId }), undefined, {
    fallbackMessage: m.BLOCK_ERROR,
  });
}

/** Blocks the member whose id is given; `ownId`'s list of blocked members is read again. */
export function useBlockMember(ownId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.blocks(ownId) }),
  });
}
