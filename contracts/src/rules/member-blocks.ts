import type { ErrorCode } from '../errors';

/**
 * The members an auction's seller blocked (R-BLOCK), read with the auction by the server's
 * engine: absent or empty when they blocked nobody.
 */
export interface SellerBlocks {
  blockedIds?: readonly string[];
}

/**
 * R-BLOCK: a member the seller blocked may not bid, set a maximum or buy now on the seller's
 * auctions (BLOCKED_BY_SELLER). Withdrawing a maximum stays allowed: the block already withdrew it.
 */
export function blockedRefusal(auction: SellerBlocks | null | undefined, memberId: string): ErrorCode | null {
  return auction?.blockedIds?.includes(memberId) ? 'BLOCKED_BY_SELLER' : null;
}
