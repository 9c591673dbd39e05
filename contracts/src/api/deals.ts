/** Deal confirmation after a sale. */
import type { AuctionMutationResult } from './auctions';

/** Answer of PATCH/PUT /api/auctions/{id}/confirm-deal. */
export type ConfirmDealResult = AuctionMutationResult;
