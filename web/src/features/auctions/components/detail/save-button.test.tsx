import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SaveButton, type SaveButtonProps } from './save-button';

function setup(props: Partial<SaveButtonProps> = {}) {
  const onToggle = vi.fn();
  const onLoginRequired = vi.fn();
  render(
    <SaveButton
      watched={false}
      watchCount={3}
      signedIn
      onToggle={onToggle}
      onLoginRequired={onLoginRequired}
      {...props}
    />,
  );
  return { button: screen.getByRole('button'), onToggle, onLoginRequired };
}

describe('SaveButton', () => {
  it('a member saves: a toggle (aria-pressed) asking for the opposite state, with the watcher count', () => {
    const { button, onToggle } = setup();
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveTextContent('حفظ');
    expect(button).toHaveTextContent('(3 متابع)');
    fireEvent.click(button);
    expect(onToggle).toHaveBeenCalledWith(true);
  });

  it('a saved auction reads محفوظ, is pressed, and a click unsaves it', () => {
    const { button, onToggle } = setup({ watched: true, watchCount: 4 });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveTextContent('محفوظ');
    fireEvent.click(button);
    expect(onToggle).toHaveBeenCalledWith(false);
  });

  it('a visitor is sent to sign in, and the button is no toggle for them', () => {
    const { button, onToggle, onLoginRequired } = setup({ signedIn: false });
    expect(button).not.toHaveAttribute('aria-pressed');
    fireEvent.click(button);
    expect(onLoginRequired).toHaveBeenCalledOnce();
    expect(onToggle).not.toHaveBeenCalled();
  });

  it('while a save is in flight the button stays focusable, says it is busy and ignores clicks', () => {
    const { button, onToggle } = setup({ busy: true });
    button.focus();
    expect(button).toHaveFocus();
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(button);
    expect(onToggle).not.toHaveBeenCalled();
  });
});
