import type { ChangeEvent } from 'react';
import { get, useFormContext, useFormState, type FieldPath, type FieldValues } from 'react-hook-form';
import { Button, type ButtonProps } from '@/components/ui/button';
import { SelectField, TextAreaField, type SelectFieldProps, type TextAreaFieldProps } from '@/components/ui/field';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';

type Named<T extends FieldValues> = { name: FieldPath<T> };

/** The message of the named field's error, once there is one. */
function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const message: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * A text input of the surrounding Form. `sanitize` rewrites what is typed or pasted before the
 * form sees it (digits only for a code, for instance); `deps` are fields checked again when this
 * one changes; `shownError` picks the message shown from the field's (a live message may win).
 */
export function InputField<T extends FieldValues = FieldValues>({
  name,
  sanitize,
  deps,
  shownError,
  ...props
}: Omit<TextFieldProps, 'name' | 'error' | 'onChange' | 'onBlur' | 'value'> &
  Named<T> & {
    sanitize?: (value: string) => string;
    deps?: FieldPath<T>[];
    shownError?: (message: string | undefined) => string | null | undefined;
  }) {
  const { register } = useFormContext<T>();
  const field = register(name, { deps });
  const error = useFieldError(name);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (sanitize) event.target.value = sanitize(event.target.value);
    return field.onChange(event);
  };
  return <TextField {...props} {...field} onChange={onChange} error={shownError ? shownError(error) : error} />;
}

export function TextAreaInput<T extends FieldValues = FieldValues>({
  name,
  ...props
}: Omit<TextAreaFieldProps, 'name' | 'error' | 'onChange' | 'onBlur' | 'value'> & Named<T>) {
  const { register } = useFormContext<T>();
  return <TextAreaField {...props} {...register(name)} error={useFieldError(name)} />;
}

export function SelectInput<T extends FieldValues = FieldValues>({
  name,
  ...props
}: Omit<SelectFieldProps, 'name' | 'error' | 'onChange' | 'onBlur' | 'value'> & Named<T>) {
  const { register } = useFormContext<T>();
  return <SelectField {...props} {...register(name)} error={useFieldError(name)} />;
}

/** The form's submit button: busy and disabled while the submission (or `pending` work) runs. */
export function SubmitButton({ pending, loading, ...props }: Omit<ButtonProps, 'type'> & { pending?: boolean }) {
  const { isSubmitting } = useFormState();
  return <Button type="submit" loading={isSubmitting || pending || loading} {...props} />;
}
