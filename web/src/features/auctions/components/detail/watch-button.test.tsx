import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WatchButton, type WatchButtonProps } from './watch-button';

function setup(props: Partial<WatchButtonProps> = {}) {
  const onToggle = vi.fn();
  const onLoginRequired = vi.fn();
  render(
    <WatchButton
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

describe('WatchButton', () => {
  it('a member watches: a toggle (aria-pressed) with its own word, never «حفظ», and the watcher count', () => {
    const { button, onToggle } = setup();
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveTextContent('متابعة');
    expect(button).not.toHaveTextContent('حفظ');
    expect(button).toHaveTextContent('(3 متابع)');
    fireEvent.click(button);
    expect(onToggle).toHaveBeenCalledWith(true);
  });

  it('a watched auction reads متابَع, is pressed, and a click stops watching it', () => {
    const { button, onToggle } = setup({ watched: true, watchCount: 4 });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveTextContent('متابَع');
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
