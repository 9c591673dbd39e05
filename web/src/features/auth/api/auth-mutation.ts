import { useMutation } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';

/** What an auth call does by itself, whichever screen makes it. */
export interface AuthEffects<TData, TVariables> {
  /** On the answer: storing the session, the call's toast. */
  success?: (result: TData, variables: TVariables) => void;
  /** On a failure the API client left silent: its toast. */
  failure?: (error: ApiError) => void;
}

/**
 * An auth screen's mutation: the call's own effects run first, then the screen's callbacks
 * (navigation, banners, dialogs).
 */
export function useAuthMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  effects: AuthEffects<TData, TVariables>,
  config: MutationConfig<TData, TVariables> = {},
) {
  return useMutation<TData, ApiError, TVariables>({
    ...config,
    mutationFn,
    onSuccess: (result, variables, ...rest) => {
      effects.success?.(result, variables);
      return config.onSuccess?.(result, variables, ...rest);
    },
    onError: (error, ...rest) => {
      effects.failure?.(error);
      return config.onError?.(error, ...rest);
    },
  });
}
