import { codeDigits, CODE_HINT, JOD_HINT, LIMITS, PHONE_HINT } from '@mazad/contracts';
import type { ChangeEvent } from 'react';
import { get, useFormContext, useFormState, type FieldPath, type FieldValues } from 'react-hook-form';
import { Button, type ButtonProps } from '@/components/ui/button';
import { SelectField, TextAreaField, type SelectFieldProps, type TextAreaFieldProps } from '@/components/ui/field';
import { JodAmountField } from '@/components/ui/jod-amount-input';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';

type Named<T extends FieldValues> = { name: FieldPath<T> };

/** The message of the named field's error, once there is one. */
function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const message: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * How a numeric field is typed (R-NUMBER-INPUT), each with the hint under it saying what it
 * reads. Every one is a text input: a browser's `type="number"` silently empties a value with
 * Arabic-Indic digits or a pasted "1,250.500", so the form reads the text itself (contracts'
 * parseJod through the amount rules, the phone and code rules' `normalize`).
 * - `amount`: JOD, as typed («١٬٢٥٠٫٥», "1,250.500"), decimal keypad: the one amount input,
 *   `JodAmountInput` (components/ui/jod-amount-input.tsx);
 * - `code`: the 6-digit codes, digits only as typed or pasted (Arabic-Indic ones become 0-9);
 * - `phone`: a Jordanian mobile in any common form, phone keypad (stored as +9627XXXXXXXX).
 */
export type NumberFormat = 'amount' | 'code' | 'phone';

/** The 6 digits of a code as typed or pasted: "١٢٣ ٤٥٦" and "123-456" are 123456. */
export const sanitizeCode = (value: string) => codeDigits(value).replace(/\D/g, '').slice(0, LIMITS.otpLength);

const FORMATS: Record<
  NumberFormat,
  { props?: Partial<TextFieldProps>; hint: string; sanitize?: (v: string) => string }
> = {
  amount: { hint: JOD_HINT }, // its input is JodAmountInput's own
  code: { props: { inputMode: 'numeric', autoComplete: 'one-time-code' }, hint: CODE_HINT, sanitize: sanitizeCode },
  phone: { props: { inputMode: 'tel', autoComplete: 'tel' }, hint: PHONE_HINT },
};

/**
 * A text input of the surrounding Form. `sanitize` rewrites what is typed or pasted before the
 * form sees it (digits only for a code, for instance); `deps` are fields checked again when this
 * one changes; `shownError` picks the message shown from the field's (a live message may win).
 * `format` makes it a numeric field (NumberFormat), and `type="number"` is read as the amount
 * format (never a browser number input, see above); both read left to right.
 */
export function InputField<T extends FieldValues = FieldValues>({
  name,
  sanitize,
  deps,
  shownError,
  format: givenFormat,
  hint,
  type,
  min,
  max,
  step,
  ...props
}: Omit<TextFieldProps, 'name' | 'error' | 'onChange' | 'onBlur' | 'value'> &
  Named<T> & {
    sanitize?: (value: string) => string;
    deps?: FieldPath<T>[];
    shownError?: (message: string | undefined) => string | null | undefined;
    format?: NumberFormat;
  }) {
  const { register } = useFormContext<T>();
  const field = register(name, { deps });
  const error = useFieldError(name);
  const format = givenFormat ?? (type === 'number' ? 'amount' : undefined);
  const numeric = format ? FORMATS[format] : undefined;
  const clean = sanitize ?? numeric?.sanitize;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (clean) event.target.value = clean(event.target.value);
    return field.onChange(event);
  };
  const shownHint = numeric ? (
    <>
      {hint}
      {hint ? <br /> : null}
      {numeric.hint}
    </>
  ) : (
    hint
  );
  const shown = { ...props, ...field, hint: shownHint, onChange, error: shownError ? shownError(error) : error };
  if (format === 'amount') return <JodAmountField {...shown} />;
  return (
    <TextField
      // A numeric field is text (no browser min, max or step: the form's rule checks the value).
      {...(numeric ? { ...numeric.props, dir: 'ltr', type: 'text' } : { type, min, max, step })}
      {...shown}
    />
  );
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
