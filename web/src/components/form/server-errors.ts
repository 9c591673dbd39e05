import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/** The server's `errors[]` of a refused request (VALIDATION_ERROR and the like), else none. */
export function serverFieldErrors(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  const listed = error.body?.errors;
  return Array.isArray(listed)
    ? listed.filter((e) => typeof e?.field === 'string' && typeof e.message === 'string')
    : [];
}

/**
 * Puts each field error the server answered on the form's field of that name (`rename` maps a
 * server name to the form's where they differ) and focuses the first one. Fields the form does
 * not have are skipped: the toast already carries the server's message. Returns whether any
 * error landed on a field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'getValues' | 'setError'>,
  error: unknown,
  rename: Partial<Record<string, Path<T>>> = {},
): boolean {
  const values = form.getValues();
  const onForm = serverFieldErrors(error)
    .map(({ field, message }) => ({ name: (rename[field] ?? field) as Path<T>, message }))
    .filter(({ name }) => get(values, name) !== undefined);
  onForm.forEach(({ name, message }, index) =>
    form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  return onForm.length > 0;
}
