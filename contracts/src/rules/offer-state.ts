import type { Auction, User } from '../api';
import { ERROR_MESSAGES, type ErrorCode } from '../errors';
import { FILS_PER_JOD, filsToJod, jodToFils } from '../money';
import type { AuctionFacts, Instant } from './auction-facts';
import { buyNowRefusal, closedReason, minimumBidFils } from './bid-rules';
import { bidStepFils, minimumMaxBidFils } from './max-bids';
import {
  dealConfirmRefusal,
  editRefusal,
  NOT_OWNER_DELETE_MESSAGE,
  type PartyFacts,
  sellerDeleteRefusal,
} from './party-rules';

/** Who is looking: signed out, the seller, the winner, or any other member. */
export type ViewerRole = 'visitor' | 'seller' | 'winner' | 'member';

/** Why this viewer may not bid or buy now: a server error code, or a sign-in the client asks for. */
export type OfferRefusalCode = ErrorCode | 'SIGN_IN_TO_BID' | 'SIGN_IN_TO_BUY';

export interface OfferRefusal {
  code: OfferRefusalCode;
  /** Arabic text to show as is (the server's own text for its codes). */
  message: string;
}

export interface OfferState {
  role: ViewerRole;
  /** The auction itself takes offers now (open status, before its end), whoever looks. */
  open: boolean;
  canBid: boolean;
  /** Why not, when `canBid` is false. */
  bidRefusal: OfferRefusal | null;
  /** The smallest amount the server accepts now (JOD): strictly above the current price. */
  minimumBid: number;
  /** The amount to prefill, and the amount input's `min` (JOD): current price + one step (R-BID-STEP). */
  suggestedBid: number;
  /** The smallest maximum the server accepts now (JOD): current price + one step (R-MAX-BID). */
  minimumMaxBid: number;
  /** The auction's buy-now price (JOD), null when it has none; shown even when buy-now is refused. */
  buyNowPrice: number | null;
  /**
   * The auction itself can be bought now (open, with a buy-now price bidding has not reached),
   * whoever looks: a screen offers the action, and a viewer who may not is told why on asking.
   */
  buyNowOffered: boolean;
  canBuyNow: boolean;
  /** Why not, when `canBuyNow` is false. */
  buyNowRefusal: OfferRefusal | null;
}

/** Texts of the refusals the client gives before the server could (the viewer is signed out). */
export const SIGN_IN_MESSAGES = {
  SIGN_IN_TO_BID: 'يجب تسجيل الدخول للمزايدة',
  SIGN_IN_TO_BUY: 'يجب تسجيل الدخول للشراء الفوري',
} as const;

export type OfferAuction = Pick<Auction, 'status' | 'endTime' | 'currentPrice' | 'buyNowPrice'> & {
  seller?: Pick<Auction['seller'], '_id'> | null;
  winner?: Pick<NonNullable<Auction['winner']>, '_id'> | null;
};

export type OfferViewer = Pick<User, '_id'> & Partial<Pick<User, 'isVerified'>>;

const refusal = (code: OfferRefusalCode): OfferRefusal => ({
  code,
  message: code === 'SIGN_IN_TO_BID' || code === 'SIGN_IN_TO_BUY' ? SIGN_IN_MESSAGES[code] : ERROR_MESSAGES[code],
});

/** A price the server sent has at most 3 decimals; rounding absorbs float noise such as 0.1 + 0.2. */
const toFils = (jod: number): number => jodToFils(jod) ?? Math.round(jod * FILS_PER_JOD);

/** Who `viewer` is to the auction. */
export function viewerRole(
  auction: Pick<OfferAuction, 'seller' | 'winner'>,
  viewer: OfferViewer | null | undefined,
): ViewerRole {
  if (!viewer) return 'visitor';
  if (auction.seller?._id === viewer._id) return 'seller';
  if (auction.winner?._id === viewer._id) return 'winner';
  return 'member';
}

/**
 * What `viewer` may do on `auction` at `now` (the server's time, never the device's clock):
 * bid (from which amount) and buy now, and if not, why, in Arabic. The server enforces every
 * one of these rules again; this is the client's one reading of them, so the card, the bid
 * modal and the detail page agree.
 *
 * Refusals, the auction's before the viewer's (a closed auction is closed for everyone):
 * - bid: AUCTION_NOT_FOUND (deleted), AUCTION_NOT_OPEN (sold, unsold …), AUCTION_ENDED (past its
 *   end time, its status not yet changed), SIGN_IN_TO_BID, BID_OWN_AUCTION, ACCOUNT_NOT_VERIFIED;
 * - buy now: the same closed reasons, BUY_NOW_OWN_AUCTION, BUY_NOW_UNAVAILABLE (no buy-now
 *   price), BUY_NOW_PRICE_REACHED (bidding reached the buy-now price: bids alone do not take
 *   buy-now away), SIGN_IN_TO_BUY, ACCOUNT_NOT_VERIFIED.
 *
 * A viewer whose `isVerified` is not known is taken as verified (the server still checks).
 */
export function offerState(auction: OfferAuction, viewer: OfferViewer | null | undefined, now: Instant): OfferState {
  const priceFils = toFils(auction.currentPrice);
  const buyNowFils = auction.buyNowPrice && auction.buyNowPrice > 0 ? toFils(auction.buyNowPrice) : null;
  const facts: AuctionFacts = {
    sellerId: auction.seller?._id ?? '',
    status: auction.status,
    currentPriceFils: priceFils,
    buyNowPriceFils: buyNowFils,
    endTime: auction.endTime,
  };
  const role = viewerRole(auction, viewer);
  const closed = closedReason(facts, now);
  const viewerRefusal = (signIn: OfferRefusalCode, own: ErrorCode): OfferRefusalCode | null => {
    if (!viewer) return signIn;
    if (role === 'seller') return own;
    if (viewer.isVerified === false) return 'ACCOUNT_NOT_VERIFIED';
    return null;
  };
  const bidCode = closed ?? viewerRefusal('SIGN_IN_TO_BID', 'BID_OWN_AUCTION');
  const buyCode =
    buyNowRefusal(facts, viewer?._id ?? null, now) ?? viewerRefusal('SIGN_IN_TO_BUY', 'BUY_NOW_OWN_AUCTION');
  return {
    role,
    open: closed === null,
    canBid: bidCode === null,
    bidRefusal: bidCode === null ? null : refusal(bidCode),
    minimumBid: filsToJod(minimumBidFils(priceFils)),
    suggestedBid: filsToJod(priceFils + bidStepFils(priceFils)),
    minimumMaxBid: filsToJod(minimumMaxBidFils(priceFils)),
    buyNowPrice: buyNowFils === null ? null : filsToJod(buyNowFils),
    buyNowOffered: buyNowRefusal(facts, null, now) === null,
    canBuyNow: buyCode === null,
    buyNowRefusal: buyCode === null ? null : refusal(buyCode),
  };
}

export type DealAuction = Pick<Auction, 'status' | 'isDealConfirmed'> & Pick<OfferAuction, 'seller' | 'winner'>;

export type PartyAuction = DealAuction &
  Pick<Auction, 'endTime' | 'bidCount' | 'hasBeenEdited'> &
  Partial<Pick<Auction, 'bids'>>;

/** The parties and the status the deal's rule reads. */
const dealFacts = (auction: DealAuction): Pick<PartyFacts, 'sellerId' | 'winnerId' | 'status'> => ({
  sellerId: auction.seller?._id ?? '',
  winnerId: auction.winner?._id ?? null,
  status: auction.status,
});

/** Whether `viewer` may confirm the deal: a party (seller or winner) of a sold auction not confirmed yet. */
export function canConfirmDeal(auction: DealAuction, viewer: OfferViewer | null | undefined): boolean {
  return !auction.isDealConfirmed && dealConfirmRefusal(dealFacts(auction), viewer?._id ?? null) === null;
}

/** What the seller and the deal's parties may do beside bidding, and why not. */
export interface PartyActions {
  canEdit: boolean;
  /** Why not, when `canEdit` is false (the server's code and text). */
  editRefusal: OfferRefusal | null;
  canDelete: boolean;
  /** Why not, when `canDelete` is false. */
  deleteRefusal: OfferRefusal | null;
  /** See canConfirmDeal. */
  canConfirmDeal: boolean;
}

/**
 * What `viewer` may do on `auction` at `now` (the server's time) as its seller or a party of its
 * deal: edit, delete, confirm the deal, by the server's own rules (editRefusal,
 * sellerDeleteRefusal, dealConfirmRefusal), so every screen offering these agrees with it.
 */
export function partyActions(
  auction: PartyAuction,
  viewer: OfferViewer | null | undefined,
  now: Instant,
): PartyActions {
  const actorId = viewer?._id ?? null;
  const facts: PartyFacts = {
    ...dealFacts(auction),
    endTime: auction.endTime,
    // The count, or the listed bids when a stale count lags behind them.
    bidCount: Math.max(auction.bidCount ?? 0, auction.bids?.length ?? 0),
    hasBeenEdited: !!auction.hasBeenEdited,
  };
  const editCode = editRefusal(facts, actorId, now);
  const deleteCode = sellerDeleteRefusal(facts, actorId);
  return {
    canEdit: editCode === null,
    editRefusal: editCode === null ? null : refusal(editCode),
    canDelete: deleteCode === null,
    deleteRefusal:
      deleteCode === null
        ? null
        : deleteCode === 'NOT_AUCTION_OWNER'
          ? { code: deleteCode, message: NOT_OWNER_DELETE_MESSAGE }
          : refusal(deleteCode),
    canConfirmDeal: canConfirmDeal(auction, viewer),
  };
}
