/**
 * What the auction rules judge: the auction's own facts in integer fils, and the moment they
 * are judged at. The server reads them with the database clock; a client builds them from the
 * API's auction and the server time it was sent.
 */
export interface AuctionFacts {
  sellerId: string;
  /** The stored status (Arabic word): see AuctionStatus. */
  status: string;
  currentPriceFils: number;
  /** Null or 0: the auction has no buy-now price. */
  buyNowPriceFils: number | null;
  endTime: Instant;
}

/** A moment: a Date, epoch milliseconds, or an ISO string as the API sends it. */
export type Instant = Date | number | string;

export function epochMs(instant: Instant): number {
  return instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
}
