import type { FormHTMLAttributes, ReactNode } from 'react';
import { FormProvider, type FieldValues } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from './server-errors';
import type { FormApi } from './use-zod-form';

export interface FormProps<Input extends FieldValues, Output> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onError' | 'onInvalid'
> {
  form: FormApi<Input, Output>;
  /** Receives the checked values; while its promise runs the form is submitting (submit disabled). */
  onSubmit: (values: Output) => unknown;
  /**
   * A failure of onSubmit, after the server's field errors were put on their fields. Without it,
   * API errors end here (the API client already showed their message) and anything else is rethrown.
   */
  onError?: (error: unknown) => void;
  /** The values were refused before sending (each field shows why; the first one has the focus). */
  onInvalid?: () => void;
  children: ReactNode;
}

/**
 * The app's one form: react-hook-form (checked by zod with useZodForm), no browser validation
 * bubbles (our Arabic messages instead), the first invalid field focused, and the server's
 * `errors[]` shown under the fields they name.
 */
export function Form<Input extends FieldValues, Output>({
  form,
  onSubmit,
  onError,
  onInvalid,
  children,
  ...rest
}: FormProps<Input, Output>) {
  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(values);
      } catch (error) {
        applyServerFieldErrors(form, error);
        if (onError) onError(error);
        else if (!(error instanceof ApiError)) throw error;
      }
    },
    onInvalid && (() => onInvalid()),
  );
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} {...rest}>
        {children}
      </form>
    </FormProvider>
  );
}
