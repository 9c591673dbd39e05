import { SAFE_LINK } from '@mazad/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useBanners } from '../api';
import { MegaphoneIcon } from './icons';

export const BANNER_ROTATION_MS = 4000;

/**
 * A banner's link: a site path stays in the app; an https address opens in a new tab without
 * handing it this page (noopener). The server accepts only these two forms; anything else
 * (an older row) is not followed, the announcement page is opened instead.
 */
function BannerLink({ link, live, children }: { link: string | null; live: boolean; children: ReactNode }) {
  const props = { className: 'announcement__link', 'aria-live': live ? ('polite' as const) : ('off' as const) };
  if (link && SAFE_LINK.test(link) && !link.startsWith('/')) {
    return (
      <a href={link} target="_blank" rel="noopener noreferrer" {...props}>
        {children}
      </a>
    );
  }
  const to = link && SAFE_LINK.test(link) ? link : paths.announcementDetails.getHref();
  return (
    <Link to={to} {...props}>
      {children}
    </Link>
  );
}

/**
 * The announcement strip (R-BANNERS): the active banners in turn every 4 s, paused
 * while hovered or focused; it cannot be closed. A click follows the banner's link when the
 * operators gave one, otherwise opens /announcement-details.
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
      <BannerLink link={banner.link} live={paused}>
        <MegaphoneIcon />
        <span className="announcement__text">{banner.text}</span>
        {count > 1 && (
          <span className="announcement__dots" aria-hidden="true">
            {banners.map((b, i) => (
              <span key={b._id} className={`announcement__dot${i === index % count ? ' is-active' : ''}`} />
            ))}
          </span>
        )}
      </BannerLink>
    </section>
  );
}
