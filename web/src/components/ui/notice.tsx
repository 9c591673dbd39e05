import type { ReactNode } from 'react';

export type NoticeTone = 'success' | 'error' | 'info' | 'warning';

/** An inline banner: red for errors, green for successes (announced to screen readers). */
export function Notice({ tone, children }: { tone: NoticeTone; children: ReactNode }) {
  return (
    <div className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
