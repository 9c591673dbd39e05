import { DEFAULT_SITE_CONTENT, useSiteContent } from '../api/site-content';
import '../site-content.css';

/** The feature cards below the auction grid, as the operators arranged them in the console. */
export function SiteFeatures() {
  const query = useSiteContent();
  if (query.isPending) return null;
  const features = query.data?.features ?? DEFAULT_SITE_CONTENT.features;
  if (features.length === 0) return null;
  return (
    <section className="site-features" aria-labelledby="site-features-title" data-testid="site-features">
      <h2 id="site-features-title" className="site-features__title">
        لماذا مزاد؟
      </h2>
      <ul className="site-features__grid">
        {features.map((feature) => (
          <li key={feature._id} className="site-feature card">
            <span className="site-feature__icon" aria-hidden="true">
              {feature.icon}
            </span>
            <h3 className="site-feature__title">{feature.title}</h3>
            <p className="site-feature__description muted">{feature.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
