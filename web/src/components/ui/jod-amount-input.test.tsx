import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JodAmountField, JodAmountInput } from './jod-amount-input';

describe('JodAmountInput (R-NUMBER-INPUT)', () => {
  it('is a left-to-right text input with the decimal keypad, whatever it is given', () => {
    // Its types refuse these; a spread of untyped props cannot bring them back either.
    const browserNumber = { type: 'number', inputMode: 'numeric', dir: 'rtl' } as object;
    render(<JodAmountInput aria-label="المبلغ" {...browserNumber} />);
    const input = screen.getByLabelText('المبلغ');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('dir', 'ltr');
    expect(input).toHaveAttribute('autocomplete', 'off');
  });

  it('keeps what is typed, Arabic-Indic digits and separators included, for the form to read', () => {
    render(<JodAmountField label="السعر (د.أ)" hint="مثل 12.500" defaultValue="١٬٢٥٠٫٥" />);
    const input = screen.getByLabelText('السعر (د.أ)');
    expect(input).toHaveValue('١٬٢٥٠٫٥');
    expect(input).toHaveAccessibleDescription('مثل 12.500');
    expect(input).toHaveClass('field__input');
  });
});
