/**
 * Full-screen view of one gallery image: a modal dialog (focus moves in, stays in, and goes
 * back to the gallery when it closes). Escape or the backdrop closes it; the arrow keys move
 * between images in the reading direction.
 */
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { stepForKey } from '../lib/gallery-keys';

export interface ZoomDialogProps {
  open: boolean;
  onClose: () => void;
  src: string;
  alt: string;
  counter: string;
  onPrevious?: () => void;
  onNext?: () => void;
  onImageError?: () => void;
}

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

export function ZoomDialog({ open, onClose, src, alt, counter, onPrevious, onNext, onImageError }: ZoomDialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onClose, onPrevious, onNext });
  handlers.current = { onClose, onPrevious, onNext };

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const node = panel.current;
    node?.querySelector<HTMLElement>('.zoom__close')?.focus();
    const onKey = (event: KeyboardEvent) => {
      const { onClose: close, onPrevious: prev, onNext: next } = handlers.current;
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
        return;
      }
      if (event.key === 'Tab' && node) {
        const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (!items.length) return;
        const first = items[0];
        const last = items[items.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
        return;
      }
      const step = prev && next ? stepForKey(event.key) : null;
      if (step === null) return;
      event.preventDefault();
      if (step === 1) next?.();
      else prev?.();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="zoom" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={panel} className="zoom__panel" role="dialog" aria-modal="true" aria-label={`تكبير الصورة: ${alt}`} dir="rtl">
        <div className="zoom__bar">
          <p className="zoom__counter">
            <bdi dir="ltr">{counter}</bdi>
          </p>
          <button type="button" className="zoom__close" onClick={onClose} aria-label="إغلاق العرض المكبر">
            ×
          </button>
        </div>
        <div className="zoom__stage" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
          <img className="zoom__image" src={src} alt={alt} onError={onImageError} />
          {onPrevious && onNext && (
            <>
              <button type="button" className="gallery__nav gallery__nav--prev" onClick={onPrevious} aria-label="الصورة السابقة">
                <span aria-hidden="true">›</span>
              </button>
              <button type="button" className="gallery__nav gallery__nav--next" onClick={onNext} aria-label="الصورة التالية">
                <span aria-hidden="true">‹</span>
              </button>
            </>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
