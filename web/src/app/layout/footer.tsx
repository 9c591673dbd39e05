import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

const SOCIAL = [
  {
    label: 'فيسبوك',
    href: 'https://www.facebook.com/',
    path: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z',
  },
  {
    label: 'إنستغرام',
    href: 'https://www.instagram.com/',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-2a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  },
  { label: 'إكس (تويتر)', href: 'https://x.com/', path: 'M4 4h4.5l4 5.5L17 4h3l-6 7 6.5 9H16l-4.3-6L6.5 20h-3l6.8-8z' },
];

/** The site footer; the layout hides it on /messages. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">مزاد</p>
          <p className="muted">منصة وسيطة للمزادات الإلكترونية في الأردن؛ العقد بين البائع والمشتري مباشرة.</p>
        </div>
        <nav aria-label="روابط الموقع">
          <ul className="link-list">
            <li>
              <Link to={paths.home.getHref()}>الرئيسية</Link>
            </li>
            <li>
              <Link to={paths.auctions.getHref()}>المزادات</Link>
            </li>
            <li>
              <Link to={paths.about.getHref()}>من نحن</Link>
            </li>
            <li>
              <Link to={paths.contact.getHref()}>اتصل بنا</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="الشروط والخصوصية">
          <ul className="link-list">
            <li>
              <Link to={paths.privacyPolicy.getHref()}>سياسة الخصوصية</Link>
            </li>
            <li>
              <Link to={paths.termsOfService.getHref()}>شروط الخدمة</Link>
            </li>
          </ul>
        </nav>
        <div>
          <ul className="social-links" aria-label="تابعنا">
            {SOCIAL.map((s) => (
              <li key={s.href}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label} className="icon-button">
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path d={s.path} fill="currentColor" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <Link to={paths.adminLogin.getHref()} className="muted">
          © 2025 مزاد. جميع الحقوق محفوظة.
        </Link>
      </div>
    </footer>
  );
}
