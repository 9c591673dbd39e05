/** DELETE /api/users/{id}/block: the signed-in member lifts a block (R-BLOCK). */
import { type BlockResult, path, routes } from '@mazad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import * as m from '../lib/messages';
import { profileKeys } from './keys';

/** A failure is toasted with the server's Arabic text (else UNBLOCK_ERROR). */
export function unblockMember(memberId: string): Promise<BlockResult> {
  return api.delete<BlockResult>(path(routes.blocks.unblock, { id: memberId }), { fallbackMessage: m.UNBLOCK_ERROR });
}

/** Unblocks the member whose id is given; `ownId`'s list of blocked members is read again. */
export function useUnblockMember(ownId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.blocks(ownId) }),
  });
}
