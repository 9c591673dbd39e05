import { forwardRef, type InputHTMLAttributes } from 'react';
import { Field, type FieldShellProps } from './field';

export type TextFieldProps = FieldShellProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { id?: string };

/**
 * A labelled input with its error message. Emails, phones, codes and numbers should pass
 * dir="ltr" so they read left to right inside the RTL page.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, className, ...rest },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input ref={ref} className="field__input" {...control} {...rest} />}
    </Field>
  );
});
