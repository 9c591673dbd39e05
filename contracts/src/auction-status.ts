/**
 * Auction status values as stored and sent on the wire (Arabic words): an auction is active
 * until it is sold or ends unsold; a deleted member's open auctions are cancelled; an operator's
 * delete marks it deleted. (There is no pending or ended status: see AUCTION_STATUS_FILTERS.)
 */
export const AuctionStatus = {
  Active: 'نشط',
  Sold: 'مباع',
  Unsold: 'غير مباع',
  Cancelled: 'ملغي',
  Deleted: 'محذوف',
} as const;

export type AuctionStatus = (typeof AuctionStatus)[keyof typeof AuctionStatus];

export const AUCTION_STATUS_VALUES: readonly AuctionStatus[] = Object.values(AuctionStatus);

/** Open auctions accept bids. */
export const OPEN_STATUSES: readonly AuctionStatus[] = [AuctionStatus.Active];

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

/**
 * Words a status filter accepts besides the statuses, for clients that still send them (no
 * auction has them; docs/adr/0012-no-pending-or-ended-status.md): `منتهي` selects the ended
 * auctions, sold or unsold; `قيد الانتظار` names a waiting status nothing ever wrote, so it
 * selects none.
 */
export const StatusFilterWord = {
  Ended: 'منتهي',
  Pending: 'قيد الانتظار',
} as const;

/** What a list's `status` filter accepts: a status or a StatusFilterWord. */
export type AuctionStatusFilter = AuctionStatus | (typeof StatusFilterWord)[keyof typeof StatusFilterWord];

export const AUCTION_STATUS_FILTERS: readonly AuctionStatusFilter[] = [
  ...AUCTION_STATUS_VALUES,
  ...Object.values(StatusFilterWord),
];

/** The statuses a filter selects (none for `قيد الانتظار`). */
export function statusesOfFilter(filter: AuctionStatusFilter): readonly AuctionStatus[] {
  if (filter === StatusFilterWord.Ended) return [AuctionStatus.Sold, AuctionStatus.Unsold];
  if (filter === StatusFilterWord.Pending) return [];
  return [filter];
}
