import type { ReactNode } from 'react';
import '../content.css';

/** The frame of every content page: one heading, an optional lead line, then the page's body. */
export function ContentPage({
  title,
  lead,
  meta,
  children,
}: {
  title: string;
  lead?: ReactNode;
  meta?: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="page content-page">
      <header className="content-page__header">
        <h1>{title}</h1>
        {meta && <p className="content-page__meta">{meta}</p>}
        {lead && <p className="content-page__lead">{lead}</p>}
      </header>
      {children}
    </article>
  );
}
