/** Auction status values as stored and sent on the wire (Arabic words). */
export const AuctionStatus = {
  Active: 'نشط',
  Pending: 'قيد الانتظار',
  Sold: 'مباع',
  Unsold: 'غير مباع',
  Ended: 'منتهي',
  Cancelled: 'ملغي',
  Deleted: 'محذوف',
} as const;

export type AuctionStatus = (typeof AuctionStatus)[keyof typeof AuctionStatus];

export const AUCTION_STATUS_VALUES: readonly AuctionStatus[] = Object.values(AuctionStatus);

/** Open auctions accept bids. */
export const OPEN_STATUSES: readonly AuctionStatus[] = [AuctionStatus.Active, AuctionStatus.Pending];

export function isOpenStatus(status: string): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/** `active` is accepted on input as `نشط`; anything else must be an Arabic status value. */
export function normalizeAuctionStatus(input: string | undefined | null): AuctionStatus | undefined {
  if (input == null) return undefined;
  const trimmed = input.trim();
  if (trimmed.toLowerCase() === 'active') return AuctionStatus.Active;
  return (AUCTION_STATUS_VALUES as readonly string[]).includes(trimmed) ? (trimmed as AuctionStatus) : undefined;
}
