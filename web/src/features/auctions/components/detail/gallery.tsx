/**
 * The auction's image gallery: previous/next, a counter, thumbnails
 * loaded only within 2 positions of the current image, a full-screen zoom dialog, the logo
 * when an image fails to load, and "لا توجد صور متاحة" when there are none.
 * Keyboard: on the main image, the arrow keys follow the reading direction (right-to-left:
 * ArrowLeft is the next image), Home/End jump to the first/last; Enter or a click opens the zoom.
 */
import { useCallback, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FALLBACK_IMAGE } from '@/components/display';
import { indexForKey } from '../../lib/gallery-keys';
import { ZoomDialog } from './zoom-dialog';

export const NO_IMAGES_TEXT = 'لا توجد صور متاحة';
/** Thumbnails this far (in positions) from the current image are loaded. */
export const THUMBNAIL_WINDOW = 2;

export interface GalleryProps {
  images: readonly string[];
  title: string;
  /** Buttons laid over the photo's top corner (watch, share). */
  actions?: ReactNode;
}

/** Which images failed to load: they show the logo instead. */
export function useImageFallback() {
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const onError = useCallback((url: string) => {
    setFailed((prev) => (prev.has(url) ? prev : new Set(prev).add(url)));
  }, []);
  const srcFor = useCallback((url: string) => (failed.has(url) ? FALLBACK_IMAGE : url), [failed]);
  return { srcFor, onError, failed };
}

export function Gallery({ images, title, actions }: GalleryProps) {
  const count = images.length;
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  // Thumbnails once in the window stay loaded when the viewer moves on.
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set());
  const { srcFor, onError } = useImageFallback();

  const current = Math.min(index, Math.max(0, count - 1));
  const go = useCallback(
    (next: number) => {
      if (count === 0) return;
      const target = ((next % count) + count) % count;
      setIndex(target);
      setSeen((prev) => {
        const add = new Set(prev);
        for (let i = current - THUMBNAIL_WINDOW; i <= current + THUMBNAIL_WINDOW; i += 1) add.add(i);
        return add;
      });
    },
    [count, current],
  );

  if (count === 0) {
    return (
      <div className="gallery gallery--empty">
        <img className="gallery__empty-logo" src={FALLBACK_IMAGE} alt="" aria-hidden="true" />
        <p className="gallery__empty-text">{NO_IMAGES_TEXT}</p>
        {actions && <div className="gallery__actions">{actions}</div>}
      </div>
    );
  }

  const url = images[current];
  const altFor = (i: number) => `${title} - الصورة ${i + 1} من ${count}`;
  const isNear = (i: number) => Math.abs(i - current) <= THUMBNAIL_WINDOW || seen.has(i);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next = indexForKey(event.key, current, count);
    if (next === null) return;
    event.preventDefault();
    go(next);
  };

  return (
    <section className="gallery" aria-roledescription="معرض صور" aria-label={`صور ${title}`}>
      <div className="gallery__stage">
        <button
          type="button"
          className="gallery__main"
          onClick={() => setZoomed(true)}
          onKeyDown={onKeyDown}
          aria-label={`${altFor(current)}، اضغط للتكبير`}
          aria-haspopup="dialog"
        >
          <img
            key={url}
            className="gallery__image"
            src={srcFor(url)}
            alt={altFor(current)}
            onError={() => onError(url)}
            fetchPriority="high"
          />
          <span className="gallery__zoom-hint" aria-hidden="true">
            ⤢
          </span>
        </button>
        {count > 1 && (
          <>
            <button
              type="button"
              className="gallery__nav gallery__nav--prev"
              onClick={() => go(current - 1)}
              aria-label="الصورة السابقة"
            >
              <span aria-hidden="true">›</span>
            </button>
            <button
              type="button"
              className="gallery__nav gallery__nav--next"
              onClick={() => go(current + 1)}
              aria-label="الصورة التالية"
            >
              <span aria-hidden="true">‹</span>
            </button>
          </>
        )}
        {actions && <div className="gallery__actions">{actions}</div>}
        <p className="gallery__counter" aria-live="polite" aria-atomic="true">
          <span className="visually-hidden">الصورة </span>
          <bdi dir="ltr">
            {current + 1} / {count}
          </bdi>
        </p>
      </div>
      {count > 1 && (
        <ul className="gallery__thumbs" aria-label="الصور المصغرة">
          {images.map((thumb, i) => (
            <li key={`${thumb}-${i}`}>
              <button
                type="button"
                className={`gallery__thumb ${i === current ? 'gallery__thumb--active' : ''}`}
                onClick={() => go(i)}
                aria-label={`عرض الصورة ${i + 1}`}
                aria-current={i === current ? 'true' : undefined}
              >
                {isNear(i) ? (
                  <img
                    src={srcFor(thumb)}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    onError={() => onError(thumb)}
                    data-testid="gallery-thumb-image"
                  />
                ) : (
                  <span
                    className="gallery__thumb-placeholder"
                    aria-hidden="true"
                    data-testid="gallery-thumb-placeholder"
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ZoomDialog
        open={zoomed}
        onClose={() => setZoomed(false)}
        src={srcFor(url)}
        alt={altFor(current)}
        counter={`${current + 1} / ${count}`}
        onPrevious={count > 1 ? () => go(current - 1) : undefined}
        onNext={count > 1 ? () => go(current + 1) : undefined}
        onImageError={() => onError(url)}
      />
    </section>
  );
}
