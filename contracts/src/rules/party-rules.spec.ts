import { describe, expect, it } from 'vitest';
import { AuctionStatus } from '../auction-status';
import { ERROR_MESSAGES } from '../errors';
import { canConfirmDeal, type PartyAuction, partyActions } from './offer-state';
import {
  dealConfirmRefusal,
  editRefusal,
  NOT_OWNER_DELETE_MESSAGE,
  type PartyFacts,
  sellerDeleteRefusal,
} from './party-rules';

const now = Date.parse('2026-01-01T10:00:00Z');
const facts = (over: Partial<PartyFacts> = {}): PartyFacts => ({
  sellerId: 'seller',
  winnerId: null,
  status: AuctionStatus.Active,
  endTime: new Date(now + 60_000),
  bidCount: 0,
  hasBeenEdited: false,
  ...over,
});
const sold = (over: Partial<PartyFacts> = {}) => facts({ status: AuctionStatus.Sold, winnerId: 'winner', ...over });

describe('editRefusal', () => {
  it('lets the seller edit an active auction before its end, without bids, never edited', () =>
    expect(editRefusal(facts(), 'seller', now)).toBeNull());
  it('refuses in the order a member can act on', () => {
    expect(editRefusal(null, 'seller', now)).toBe('AUCTION_NOT_FOUND');
    expect(editRefusal(facts({ status: AuctionStatus.Deleted }), 'seller', now)).toBe('AUCTION_NOT_FOUND');
    expect(editRefusal(facts({ bidCount: 3 }), 'other', now)).toBe('NOT_AUCTION_OWNER');
    expect(editRefusal(facts(), null, now)).toBe('NOT_AUCTION_OWNER');
    expect(editRefusal(sold({ bidCount: 3 }), 'seller', now)).toBe('AUCTION_NOT_EDITABLE');
    expect(editRefusal(facts({ bidCount: 1, hasBeenEdited: true }), 'seller', now)).toBe('AUCTION_HAS_BIDS');
    expect(editRefusal(facts({ hasBeenEdited: true }), 'seller', now)).toBe('AUCTION_ALREADY_EDITED');
  });
  it('refuses an auction at or past its end whose status has not changed yet', () => {
    expect(editRefusal(facts({ endTime: new Date(now) }), 'seller', now)).toBe('AUCTION_NOT_EDITABLE');
    expect(editRefusal(facts({ endTime: '2026-01-01T10:00:01.000Z' }), 'seller', now)).toBeNull();
  });
});

describe('sellerDeleteRefusal', () => {
  it('lets the seller delete without bids and without a winner, ended or not', () => {
    expect(sellerDeleteRefusal(facts(), 'seller')).toBeNull();
    expect(sellerDeleteRefusal(facts({ status: AuctionStatus.Unsold }), 'seller')).toBeNull();
  });
  it('refuses a missing auction, another member, bids, then a sale', () => {
    expect(sellerDeleteRefusal(facts({ status: AuctionStatus.Deleted }), 'seller')).toBe('AUCTION_NOT_FOUND');
    expect(sellerDeleteRefusal(facts(), 'other')).toBe('NOT_AUCTION_OWNER');
    expect(sellerDeleteRefusal(sold({ bidCount: 2 }), 'seller')).toBe('AUCTION_HAS_BIDS');
    expect(sellerDeleteRefusal(sold(), 'seller')).toBe('AUCTION_NOT_DELETABLE');
  });
});

describe('dealConfirmRefusal', () => {
  it('lets the seller and the winner of a sold auction confirm', () => {
    expect(dealConfirmRefusal(sold(), 'seller')).toBeNull();
    expect(dealConfirmRefusal(sold(), 'winner')).toBeNull();
  });
  it('refuses a missing auction, anyone else, then an auction not sold', () => {
    expect(dealConfirmRefusal(null, 'winner')).toBe('AUCTION_NOT_FOUND');
    expect(dealConfirmRefusal(sold(), 'other')).toBe('NOT_DEAL_PARTY');
    expect(dealConfirmRefusal(sold(), null)).toBe('NOT_DEAL_PARTY');
    expect(dealConfirmRefusal(facts(), 'seller')).toBe('AUCTION_NOT_SOLD');
    expect(dealConfirmRefusal(sold({ status: AuctionStatus.Unsold }), 'winner')).toBe('AUCTION_NOT_SOLD');
  });
});

describe('partyActions', () => {
  const auction = (over: Partial<PartyAuction> = {}): PartyAuction => ({
    status: AuctionStatus.Active,
    endTime: new Date(now + 60_000).toISOString(),
    bidCount: 0,
    hasBeenEdited: false,
    isDealConfirmed: false,
    seller: { _id: 'seller' },
    winner: null,
    ...over,
  });
  const seller = { _id: 'seller' };

  it('offers the seller edit and delete of a fresh auction, and no deal to confirm', () =>
    expect(partyActions(auction(), seller, now)).toEqual({
      canEdit: true,
      editRefusal: null,
      canDelete: true,
      deleteRefusal: null,
      canConfirmDeal: false,
    }));

  it('gives the server’s code and text, its own delete text for another member', () => {
    const s = partyActions(auction({ bidCount: 1 }), seller, now);
    expect(s.editRefusal).toEqual({ code: 'AUCTION_HAS_BIDS', message: ERROR_MESSAGES.AUCTION_HAS_BIDS });
    expect(s.deleteRefusal?.code).toBe('AUCTION_HAS_BIDS');
    const other = partyActions(auction(), { _id: 'member' }, now);
    expect(other.editRefusal?.message).toBe(ERROR_MESSAGES.NOT_AUCTION_OWNER);
    expect(other.deleteRefusal).toEqual({ code: 'NOT_AUCTION_OWNER', message: NOT_OWNER_DELETE_MESSAGE });
    expect(partyActions(auction(), null, now).canEdit).toBe(false);
  });

  it('counts listed bids when the count lags behind them', () =>
    expect(partyActions(auction({ bids: [{} as never] }), seller, now).editRefusal?.code).toBe('AUCTION_HAS_BIDS'));

  it('closes edit at the end time', () =>
    expect(partyActions(auction(), seller, now + 60_000).editRefusal?.code).toBe('AUCTION_NOT_EDITABLE'));

  it('offers the deal to both parties of a sold auction until it is confirmed', () => {
    const deal = auction({ status: AuctionStatus.Sold, bidCount: 2, winner: { _id: 'winner' } });
    expect(partyActions(deal, seller, now).canConfirmDeal).toBe(true);
    expect(partyActions(deal, { _id: 'winner' }, now).canConfirmDeal).toBe(true);
    expect(partyActions(deal, { _id: 'member' }, now).canConfirmDeal).toBe(false);
    expect(partyActions({ ...deal, isDealConfirmed: true }, seller, now).canConfirmDeal).toBe(false);
  });
});

describe('canConfirmDeal', () => {
  const deal = { status: AuctionStatus.Sold, isDealConfirmed: false, seller: { _id: 's' }, winner: { _id: 'w' } };
  it('reads a conversation’s auction (no end time, no bids): the parties until confirmed', () => {
    expect(canConfirmDeal(deal, { _id: 'w' })).toBe(true);
    expect(canConfirmDeal(deal, { _id: 's' })).toBe(true);
    expect(canConfirmDeal(deal, null)).toBe(false);
    expect(canConfirmDeal({ ...deal, isDealConfirmed: true }, { _id: 'w' })).toBe(false);
    expect(canConfirmDeal({ ...deal, status: AuctionStatus.Unsold }, { _id: 'w' })).toBe(false);
  });
});
