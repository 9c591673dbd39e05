import { DEFAULT_SITE_CONTENT, useSiteContent } from '../api/site-content';
import '../site-content.css';

/** The home page's welcome block: the main banner of the console (title, subtitle, description). */
export function SiteWelcome() {
  const query = useSiteContent();
  if (query.isPending) return <section className="site-welcome card" aria-busy="true" aria-label="الترحيب" />;
  const banner = query.data?.banner ?? DEFAULT_SITE_CONTENT.banner;
  return (
    <section className="site-welcome card" aria-labelledby="site-welcome-title" data-testid="site-welcome">
      <h2 id="site-welcome-title" className="site-welcome__title">
        {banner.title}
      </h2>
      {banner.subtitle && <p className="site-welcome__subtitle">{banner.subtitle}</p>}
      {banner.description && <p className="site-welcome__description muted">{banner.description}</p>}
    </section>
  );
}
