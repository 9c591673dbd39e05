export interface SpinnerProps {
  size?: 'small' | 'medium' | 'large';
  /** Announced to screen readers; null for a purely decorative spinner (e.g. inside a busy button). */
  label?: string | null;
}

export function Spinner({ size = 'medium', label = 'جارٍ التحميل…' }: SpinnerProps) {
  if (label === null) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span role="status" className="spinner-wrap">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A centred spinner for a page or a section that is loading. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size="large" label={label} />
    </div>
  );
}
