/**
 * Full-screen view of one gallery image: a modal dialog (focus moves in, stays in, and goes
 * back to the gallery when it closes). Escape or the backdrop closes it; the arrow keys move
 * between images in the reading direction.
 */
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from '@/components/ui/use-dialog-focus';
import { stepForKey } from '../../lib/gallery-keys';

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

export function ZoomDialog({ open, onClose, src, alt, counter, onPrevious, onNext, onImageError }: ZoomDialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  useDialogFocus(open, panel, {
    onEscape: onClose,
    initialFocus: (node) => node.querySelector<HTMLElement>('.zoom__close'),
    onKey: (event) => {
      if (!onPrevious || !onNext) return;
      const step = stepForKey(event.key);
      if (step === null) return;
      event.preventDefault();
      if (step === 1) onNext();
      else onPrevious();
    },
  });

  if (!open) return null;
  return createPortal(
    <div className="zoom" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className="zoom__panel"
        role="dialog"
        aria-modal="true"
        aria-label={`تكبير الصورة: ${alt}`}
        dir="rtl"
      >
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
              <button
                type="button"
                className="gallery__nav gallery__nav--prev"
                onClick={onPrevious}
                aria-label="الصورة السابقة"
              >
                <span aria-hidden="true">›</span>
              </button>
              <button
                type="button"
                className="gallery__nav gallery__nav--next"
                onClick={onNext}
                aria-label="الصورة التالية"
              >
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
