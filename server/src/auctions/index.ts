/**
 * The public surface of the auctions feature: what other features may import (besides its
 * module file, events/*.event.ts and entities/). See server/.dependency-cruiser.cjs.
 */
export { AuctionReadModel, BIDS_IN_LIVE_VIEW } from './auction-read-model';
export { isAdminSession } from './auction-rules';
export { toBid, toLiveAuction } from './auction.presenter';
export { CreateAuctionCommand } from './commands/create-auction/create-auction.command';
export { DeleteAuctionCommand } from './commands/delete-auction/delete-auction.command';
export { CanonicalStatus } from './dto/auction-queries.dto';
export {
  AuctionDto,
  AuctionMutationResultDto,
  BidDto,
  PaginationDto,
  PartyRefDto,
  SuccessResultDto,
} from './dto/auction-responses.dto';
export { searchMatchSql } from './queries/auction-search';
export { BIDS_IN_LIST_VIEW, loadAuctionsInOrder } from './queries/list-views';
export { ARCHIVE_PENDING_SQL, archiveDueSql } from './store/auction-conditions';
export {
  AuctionStore,
  type BatchBid,
  type CancelledBids,
  cancelledBidsParameters,
  cancelledBidsSql,
  type Reprice,
  markSellerRatedSql,
  type MaxBidChanges,
  type StoredBidRow,
  toWrittenBid,
  writeBidsSql,
  type WrittenBid,
} from './store/auction-store';
