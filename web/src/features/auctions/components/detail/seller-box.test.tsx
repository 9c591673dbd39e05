import { AuctionStatus, ERROR_MESSAGES, partyActions } from '@mazad/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeAuction } from '@/testing/auction-fixtures';
import { EDIT_DELETE_NOTICE, SellerBox } from './seller-box';

const buyer = { _id: 'u-2', id: 'u-2', name: 'خالد' };
const now = Date.parse('2026-01-01T10:00:00Z');

function renderBox(auction: ReturnType<typeof makeAuction>) {
  render(
    <MemoryRouter>
      <SellerBox auction={auction} isSeller actions={partyActions(auction, auction.seller, now)} onDelete={() => {}} />
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: 'حذف المزاد' });
}

describe('the seller box: delete as the server allows it', () => {
  it('is disabled, with the reason, for a buy-now sale without bids (it has a winner)', () => {
    const button = renderBox(makeAuction({ status: AuctionStatus.Sold, bidCount: 0, bids: [], winner: buyer }));
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(ERROR_MESSAGES.AUCTION_NOT_DELETABLE);
    expect(screen.getByText('لا يمكن حذف مزاد تم بيعه')).toBeInTheDocument();
  });

  it('is disabled once bids exist', () => {
    const button = renderBox(makeAuction({ bidCount: 2, winner: null }));
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(ERROR_MESSAGES.AUCTION_HAS_BIDS);
  });

  it('is enabled with no bids and no winner', () => {
    expect(renderBox(makeAuction({ bidCount: 0, bids: [], winner: null }))).toBeEnabled();
  });
});

describe('the seller box: edit as the server allows it', () => {
  it('links to the edit page for an active auction before its end, without bids, never edited', () => {
    renderBox(makeAuction({ bidCount: 0, bids: [], hasBeenEdited: false }));
    expect(screen.getByRole('link', { name: 'تعديل المزاد' })).toBeInTheDocument();
  });

  it('is disabled once bids exist, with the notice as its title', () => {
    renderBox(makeAuction({ bidCount: 1 }));
    expect(screen.getByRole('button', { name: 'تعديل المزاد' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'تعديل المزاد' })).toHaveAttribute('title', EDIT_DELETE_NOTICE);
  });

  it('is disabled past the end time, before the status changes, and after the one edit', () => {
    for (const auction of [
      makeAuction({ endTime: new Date(now).toISOString() }),
      makeAuction({ hasBeenEdited: true }),
    ]) {
      cleanup();
      renderBox(auction);
      expect(screen.getByRole('button', { name: 'تعديل المزاد' })).toBeDisabled();
    }
  });
});
