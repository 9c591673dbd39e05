import { statusBadge } from '../../lib/messages';

/** The status as a coloured badge: sold and active green, unsold red (specification 4.3). */
export function StatusBadge({ status }: { status: string }) {
  const { label, tone } = statusBadge(status);
  return (
    <span className={`status-badge status-badge--${tone}`}>
      <span className="visually-hidden">الحالة: </span>
      {label}
    </span>
  );
}
