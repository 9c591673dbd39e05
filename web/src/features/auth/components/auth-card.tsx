import type { ReactNode } from 'react';
import '../auth.css';

/** The frame of the account screens: a centred card with a title and optional subtitle. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="page auth-page">
      <div className="card auth-card">
        <header className="auth-card__header">
          <img src="/logo.svg" alt="" width={48} height={48} />
          <h1 className="auth-card__title">{title}</h1>
          {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        </header>
        {children}
        {footer && <div className="auth-card__footer">{footer}</div>}
      </div>
    </section>
  );
}
