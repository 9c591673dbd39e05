import { AuctionStatus, ERROR_MESSAGES } from '@mazad/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeAuction } from '@/testing/auction-fixtures';
import { SellerBox } from './seller-box';

const buyer = { _id: 'u-2', id: 'u-2', name: 'خالد' };

function renderBox(auction: ReturnType<typeof makeAuction>) {
  render(
    <MemoryRouter>
      <SellerBox auction={auction} isSeller onDelete={() => {}} />
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
