import { useEffect, useRef, useState } from 'react';

/** What stands in for a missing or broken image: the site's logo. */
export const FALLBACK_IMAGE = '/logo.svg';
/** Images start loading 50 px before they scroll into view. */
export const LAZY_ROOT_MARGIN = '50px';

export interface LazyImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  width?: number;
  height?: number;
  /**
   * The first screen's largest image: requested at once (no observer round) with high fetch
   * priority, so it does not wait behind the page's other requests.
   */
  priority?: boolean;
}

/**
 * An image loaded only when it comes within 50 px of the viewport, replaced by the logo when
 * it is missing or fails to load. Without IntersectionObserver it loads at once.
 */
export function LazyImage({ src, alt, className, width, height, priority = false }: LazyImageProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(() => priority || typeof IntersectionObserver === 'undefined');
  const [failed, setFailed] = useState(false);

  useEffect(() => setFailed(false), [src]);

  useEffect(() => {
    if (visible || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_ROOT_MARGIN },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [visible]);

  // Until it nears the viewport: an empty box of the same size (no request, no broken-image icon).
  if (!visible) return <span ref={ref} className={`${className ?? ''} lazy-placeholder`} role="img" aria-label={alt} />;

  const wanted = src && !failed ? src : FALLBACK_IMAGE;
  const isFallback = wanted === FALLBACK_IMAGE;
  return (
    <img
      src={wanted}
      alt={alt}
      className={`${className ?? ''}${isFallback ? ' is-fallback' : ''}`}
      width={width}
      height={height}
      decoding={priority ? 'auto' : 'async'}
      loading={priority ? 'eager' : undefined}
      fetchPriority={priority ? 'high' : undefined}
      onError={() => {
        if (!isFallback) setFailed(true);
      }}
    />
  );
}

type AuctionPictures = { images?: readonly string[] | null; imageUrl?: string | null };

/** Image URLs of an auction: `images`, or the legacy single `imageUrl`. */
export function auctionImages(auction: AuctionPictures): string[] {
  const images = (auction.images ?? []).filter((url) => typeof url === 'string' && url.trim() !== '');
  if (images.length) return images;
  return auction.imageUrl ? [auction.imageUrl] : [];
}

/** The image that stands for an auction (cards, the bid modal), or null. */
export function auctionImage(auction: AuctionPictures): string | null {
  return auctionImages(auction)[0] ?? null;
}

/** An auction's first image, lazily loaded, the logo in its place when it has none. */
export function AuctionImage({ auction, ...props }: Omit<LazyImageProps, 'src'> & { auction: AuctionPictures }) {
  return <LazyImage src={auctionImage(auction)} {...props} />;
}
