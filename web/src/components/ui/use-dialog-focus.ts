import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogFocusOptions {
  onEscape: () => void;
  /** Other keys (e.g. arrows in an image viewer); Tab and Escape are handled here. */
  onKey?: (event: KeyboardEvent) => void;
  /** What gets focus on open (default: the first focusable element, else the panel). */
  initialFocus?: (panel: HTMLElement) => HTMLElement | null;
}

/**
 * What every modal dialog owes keyboard users: focus moves in on open and stays inside (Tab
 * wraps), Escape closes, the page behind does not scroll, and focus returns where it was.
 */
export function useDialogFocus(open: boolean, panel: RefObject<HTMLElement | null>, options: DialogFocusOptions) {
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const node = panel.current;
    if (node) (latest.current.initialFocus?.(node) ?? node.querySelector<HTMLElement>(FOCUSABLE) ?? node).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        latest.current.onEscape();
      } else if (event.key === 'Tab' && node) {
        const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (items.length === 0) return;
        const first = items[0];
        const last = items[items.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      } else {
        latest.current.onKey?.(event);
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open, panel]);
}
