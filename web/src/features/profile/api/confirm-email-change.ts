/** POST /api/users/confirm-email-change: the code sent to the new email makes the change. */
import { path, routes, type ConfirmEmailChangeResult } from '@mazad/contracts';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import * as m from '../lib/messages';
import { useOwnUserMutation } from './user';

export function confirmEmailChange(code: string): Promise<ConfirmEmailChangeResult> {
  return api.post<ConfirmEmailChangeResult>(
    path(routes.users.confirmEmailChange),
    { code },
    { silent: true, fallbackMessage: m.EMAIL_CHANGE_ERROR },
  );
}

/** See useOwnUserMutation. */
export function useConfirmEmailChange(config: MutationConfig<ConfirmEmailChangeResult, string> = {}) {
  return useOwnUserMutation(confirmEmailChange, config);
}
