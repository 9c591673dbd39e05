import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDealButton } from './confirm-deal-button';

describe('ConfirmDealButton (R-DEAL-CONFIRM): asked once more', () => {
  it('the winner’s tap opens a dialog saying what it means; only its confirm confirms', () => {
    const onConfirm = vi.fn();
    render(<ConfirmDealButton side="winner" title="ساعة يد" onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'تأكيد الاستلام' }));
    expect(onConfirm).not.toHaveBeenCalled();
    const dialog = screen.getByRole('alertdialog', { name: 'تأكيد استلام السلعة' });
    expect(dialog).toHaveTextContent('استلمت «ساعة يد»');
    expect(dialog).toHaveTextContent('لا يمكن التراجع عن التأكيد');
    fireEvent.click(within(dialog).getByRole('button', { name: 'نعم، استلمت السلعة' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('«ليس بعد» closes the dialog and confirms nothing', () => {
    const onConfirm = vi.fn();
    render(<ConfirmDealButton side="seller" title="ساعة يد" label="تأكيد الصفقة" onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'تأكيد الصفقة' }));
    const dialog = screen.getByRole('alertdialog', { name: 'تأكيد إتمام الصفقة' });
    expect(dialog).toHaveTextContent('سلّمت «ساعة يد» للفائز');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ليس بعد' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
