import type { ReactNode } from 'react';

/** A screen whose content arrives with later work: its title and one line, nothing invented. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page page--narrow">
      <h1>{title}</h1>
      <p className="muted">{children ?? 'هذه الصفحة قيد الإعداد وستتوفر قريباً.'}</p>
    </section>
  );
}
