import { AuctionStatus, normalizeAuctionStatus } from '@mazad/contracts';

export type StatusTone = 'success' | 'danger' | 'muted';

/** The colour of an auction status everywhere on the site: active and sold green, unsold red, others grey. */
export function statusTone(status: string): StatusTone {
  switch (normalizeAuctionStatus(status)) {
    case AuctionStatus.Active:
    case AuctionStatus.Sold:
      return 'success';
    case AuctionStatus.Unsold:
      return 'danger';
    default:
      return 'muted';
  }
}

/** The status word shown: the Arabic status (`active` on input reads `نشط`), else as received. */
export function statusLabel(status: string): string {
  return normalizeAuctionStatus(status) ?? status;
}

/** An auction's status as a coloured tag, read "الحالة: …" by screen readers. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span className={`tag tag--${statusTone(status)}${className ? ` ${className}` : ''}`}>
      <span className="visually-hidden">الحالة: </span>
      {statusLabel(status)}
    </span>
  );
}
