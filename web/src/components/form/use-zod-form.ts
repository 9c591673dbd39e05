import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from '@/lib/zod';

/** A react-hook-form form whose fields hold `Input` and whose submit handler receives `Output`. */
export type FormApi<Input extends FieldValues, Output> = UseFormReturn<Input, unknown, Output>;

/**
 * react-hook-form checked by a zod schema: the fields hold the schema's input, the submit
 * handler receives its output (trimmed, converted). By default errors show on submit and then
 * follow the typing (a form may ask for `mode: 'onTouched'`; then an error appearing as a field
 * is left can move the button the pointer is pressing).
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options?: Omit<UseFormProps<Input, unknown, Output>, 'resolver'>,
): FormApi<Input, Output> {
  return useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
}
