import { describe, expect, it } from 'vitest';
import { AuctionStatus } from '../auction-status';
import { ERROR_MESSAGES } from '../errors';
import { type OfferAuction, offerState, SIGN_IN_MESSAGES } from './offer-state';

const now = Date.parse('2026-01-01T10:00:00Z');
const auction = (over: Partial<OfferAuction> = {}): OfferAuction => ({
  status: AuctionStatus.Active,
  endTime: new Date(now + 60_000).toISOString(),
  currentPrice: 120.5,
  buyNowPrice: 500,
  seller: { _id: 'seller' },
  winner: null,
  ...over,
});
const member = { _id: 'member', isVerified: true };

describe('offerState', () => {
  it('lets a verified member bid from one fils above the price and buy now', () => {
    const s = offerState(auction(), member, now);
    expect(s).toEqual({
      role: 'member',
      open: true,
      canBid: true,
      bidRefusal: null,
      minimumBid: 120.501,
      suggestedBid: 125.5,
      minimumMaxBid: 125.5,
      buyNowPrice: 500,
      buyNowOffered: true,
      canBuyNow: true,
      buyNowRefusal: null,
    });
  });

  it('asks a signed-out visitor to sign in, for each action in its own words', () => {
    const s = offerState(auction(), null, now);
    expect(s.role).toBe('visitor');
    expect(s.open).toBe(true);
    expect(s.bidRefusal).toEqual({ code: 'SIGN_IN_TO_BID', message: SIGN_IN_MESSAGES.SIGN_IN_TO_BID });
    expect(s.buyNowRefusal).toEqual({ code: 'SIGN_IN_TO_BUY', message: SIGN_IN_MESSAGES.SIGN_IN_TO_BUY });
  });

  it('refuses the seller both actions with the server’s texts', () => {
    const s = offerState(auction(), { _id: 'seller', isVerified: true }, now);
    expect(s.role).toBe('seller');
    expect(s.bidRefusal).toEqual({ code: 'BID_OWN_AUCTION', message: ERROR_MESSAGES.BID_OWN_AUCTION });
    expect(s.buyNowRefusal?.code).toBe('BUY_NOW_OWN_AUCTION');
    expect(s.open).toBe(true);
    expect(s.buyNowOffered).toBe(true);
  });

  it('refuses an unverified member; an unknown verification counts as verified', () => {
    const s = offerState(auction(), { _id: 'member', isVerified: false }, now);
    expect([s.bidRefusal?.code, s.buyNowRefusal?.code]).toEqual(['ACCOUNT_NOT_VERIFIED', 'ACCOUNT_NOT_VERIFIED']);
    expect(offerState(auction(), { _id: 'member' }, now).canBid).toBe(true);
  });

  it('closes both actions for everyone once the end time passed, before the status changes', () => {
    for (const viewer of [null, member, { _id: 'seller' }]) {
      const s = offerState(auction({ endTime: new Date(now).toISOString() }), viewer, now);
      expect(s.open).toBe(false);
      expect([s.bidRefusal?.code, s.buyNowRefusal?.code]).toEqual(['AUCTION_ENDED', 'AUCTION_ENDED']);
    }
  });

  it('a sold auction: the winner is named, nobody may bid or buy', () => {
    const s = offerState(auction({ status: AuctionStatus.Sold, winner: { _id: 'member' } }), member, now);
    expect(s.role).toBe('winner');
    expect(s.canBid || s.canBuyNow).toBe(false);
    expect(s.bidRefusal).toEqual({ code: 'AUCTION_NOT_OPEN', message: ERROR_MESSAGES.AUCTION_NOT_OPEN });
  });

  it('a deleted auction is not found', () =>
    expect(offerState(auction({ status: AuctionStatus.Deleted }), member, now).bidRefusal?.code).toBe(
      'AUCTION_NOT_FOUND',
    ));

  it('without a buy-now price: bids only, and no price to show', () => {
    for (const buyNowPrice of [null, 0]) {
      const s = offerState(auction({ buyNowPrice }), member, now);
      expect(s.canBid).toBe(true);
      expect(s.buyNowPrice).toBeNull();
      expect(s.buyNowRefusal?.code).toBe('BUY_NOW_UNAVAILABLE');
    }
  });

  it('buy-now stays after bids until the price reaches it, then shows its price and why not', () => {
    expect(offerState(auction({ currentPrice: 499.999 }), member, now).canBuyNow).toBe(true);
    const s = offerState(auction({ currentPrice: 500 }), member, now);
    expect(s.buyNowPrice).toBe(500);
    expect(s.buyNowRefusal?.code).toBe('BUY_NOW_PRICE_REACHED');
    expect(s.canBid).toBe(true);
    expect(s.buyNowOffered).toBe(false);
  });

  it('the auction’s refusal comes before the viewer’s (a visitor on a sold auction is not asked to sign in)', () => {
    const s = offerState(auction({ status: AuctionStatus.Unsold }), null, now);
    expect([s.bidRefusal?.code, s.buyNowRefusal?.code]).toEqual(['AUCTION_NOT_OPEN', 'AUCTION_NOT_OPEN']);
  });

  it('suggests the price plus one step (R-BID-STEP), across the step boundaries', () => {
    expect(offerState(auction({ currentPrice: 9.999 }), member, now).suggestedBid).toBe(10.249);
    expect(offerState(auction({ currentPrice: 10 }), member, now).suggestedBid).toBe(11);
    expect(offerState(auction({ currentPrice: 999.999 }), member, now).suggestedBid).toBe(1004.999);
    expect(offerState(auction({ currentPrice: 1000 }), member, now).minimumMaxBid).toBe(1010);
  });

  it('adds in fils: no float drift in the amounts', () => {
    const s = offerState(auction({ currentPrice: 0.1 + 0.2 }), member, now);
    expect(s.suggestedBid).toBe(0.55);
    expect(s.minimumBid).toBe(0.301);
  });
});
