import { path, routes, type AuthSuccess } from '@mazad/contracts';
import { toast } from '@/components/ui/toast-store';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { useSession } from '../hooks/use-session';
import { useAuthMutation } from './auth-mutation';

export const VERIFY_FALLBACK_ERROR = 'حدث خطأ أثناء التحقق';

export interface VerifyAccountInput {
  userId: string;
  verificationCode: string;
}

/** POST /api/auth/verify { userId, verificationCode } → { token, user } (activation mode of /login). A refusal is toasted. */
export async function verifyAccount(input: VerifyAccountInput): Promise<AuthSuccess> {
  return api.post<AuthSuccess>(path(routes.auth.verify), input, { fallbackMessage: VERIFY_FALLBACK_ERROR });
}

/** Activates the account with its code: the session is stored and the activation toasted. */
export function useVerifyAccount(config: MutationConfig<AuthSuccess, VerifyAccountInput> = {}) {
  const { signIn } = useSession();
  return useAuthMutation(
    verifyAccount,
    {
      success: (result) => {
        signIn(result.token, result.user);
        toast.success('تم تفعيل الحساب بنجاح');
      },
    },
    config,
  );
}
