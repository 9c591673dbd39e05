import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from './use-dialog-focus';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** alertdialog for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
}

/** An accessible modal: labelled, Escape and backdrop close it, focus stays inside and returns after. */
export function Modal({ open, onClose, title, children, footer, role = 'dialog' }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useDialogFocus(open, panel, { onEscape: onClose });

  if (!open) return null;
  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className="modal"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        dir="rtl"
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" onClick={onClose} aria-label="إغلاق">
            ×
          </button>
        </div>
        {children !== undefined && <div className="modal__body">{children}</div>}
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
