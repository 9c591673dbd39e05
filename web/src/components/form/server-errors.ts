import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/** The server's `errors[]` of a refused request (VALIDATION_ERROR and the like), else none. */
function serverFieldErrors(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  const listed = error.body?.errors;
  return Array.isArray(listed)
    ? listed.filter((e) => typeof e?.field === 'string' && typeof e.message === 'string')
    : [];
}

/**
 * Puts each field error the server answered on the form's field of that name (the forms name
 * their fields as the API does) and focuses the first one. Fields the form does not have are
 * skipped: the toast already carries the server's message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'getValues' | 'setError'>,
  error: unknown,
): void {
  const values = form.getValues();
  serverFieldErrors(error)
    .filter(({ field }) => get(values, field) !== undefined)
    .forEach(({ field, message }, index) =>
      form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }),
    );
}
