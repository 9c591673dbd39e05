import { forwardRef, type InputHTMLAttributes } from 'react';
import { Field, type FieldShellProps } from './field';

/** What the amount itself decides about its input: a caller cannot set these. */
type Decided = 'type' | 'inputMode' | 'dir' | 'min' | 'max' | 'step';

export type JodAmountInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, Decided>;

/**
 * The one input of a JOD amount (bids, maximums, prices, the lists' price range), as people type
 * it (R-NUMBER-INPUT): text with the decimal keypad, read left to right. Never a browser
 * `type="number"`, which empties «١٢٥٫٥» or a pasted "1,250.500" and steps by its own `step`:
 * the form reads the text with contracts' `parseJod`, at most 3 decimals (fils, R-MONEY-FILS),
 * in its own rule (`checkBidAmount`, the field rules, `parsePriceBound`).
 */
export const JodAmountInput = forwardRef<HTMLInputElement, JodAmountInputProps>(function JodAmountInput(props, ref) {
  return <input ref={ref} autoComplete="off" {...props} type="text" inputMode="decimal" dir="ltr" />;
});

export type JodAmountFieldProps = FieldShellProps & JodAmountInputProps & { id?: string };

/** A JodAmountInput with its label, hint and error: what `InputField format="amount"` renders. */
export const JodAmountField = forwardRef<HTMLInputElement, JodAmountFieldProps>(function JodAmountField(
  { label, error, hint, id, className, ...rest },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <JodAmountInput ref={ref} className="field__input" {...control} {...rest} />}
    </Field>
  );
});
