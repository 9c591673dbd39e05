import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useBanners } from '../api';
import { MegaphoneIcon } from './icons';

export const BANNER_ROTATION_MS = 4000;

/**
 * The announcement strip (specification 2.9): the active banners in turn every 4 s, paused
 * while hovered or focused; it cannot be closed; a click opens /announcement-details.
 */
export function AnnouncementBanner() {
  const { data: banners = [] } = useBanners();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_ROTATION_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (count === 0) return null;
  const banner = banners[index % count];
  return (
    <section
      className="announcement"
      aria-label="إعلانات"
      aria-roledescription="شريط إعلانات"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Link
        to={paths.announcementDetails.getHref()}
        className="announcement__link"
        aria-live={paused ? 'polite' : 'off'}
      >
        <MegaphoneIcon />
        <span className="announcement__text">{banner.text}</span>
        {count > 1 && (
          <span className="announcement__dots" aria-hidden="true">
            {banners.map((b, i) => (
              <span key={b._id} className={`announcement__dot${i === index % count ? ' is-active' : ''}`} />
            ))}
          </span>
        )}
      </Link>
    </section>
  );
}
