import type { UseMutationOptions } from '@tanstack/react-query';
import type { ApiError } from './api-client';

/**
 * What a screen adds to a feature's mutation hook: its own callbacks (toasts, navigation, form
 * resets). The hook runs its cache refresh first, then the screen's `onSuccess`.
 */
export type MutationConfig<TData, TVariables> = Omit<UseMutationOptions<TData, ApiError, TVariables>, 'mutationFn'>;
