import { AuctionStatus, partyActions } from '@mazad/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { makeAuction } from '@/testing/auction-fixtures';
import { EDIT_DELETE_NOTICE, OwnerBox } from './owner-box';

const buyer = { _id: 'u-2', id: 'u-2', name: 'خالد' };
const now = Date.parse('2026-01-01T10:00:00Z');

function renderBox(auction: ReturnType<typeof makeAuction>) {
  render(
    <MemoryRouter>
      <OwnerBox
        auctionId={auction._id}
        bidCount={auction.bidCount}
        actions={partyActions(auction, auction.seller, now)}
        onDelete={() => {}}
      />
    </MemoryRouter>,
  );
}

describe('the owner box: manage actions instead of a bid form', () => {
  it('offers edit, delete and the bids on a fresh auction, and no bid field', () => {
    renderBox(makeAuction({ bidCount: 0, bids: [], winner: null, hasBeenEdited: false }));
    expect(screen.getByRole('link', { name: 'تعديل المزاد' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حذف المزاد' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /عرض المزايدات/ })).toHaveTextContent('عرض المزايدات (0)');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('drops edit and delete once bids exist, and says why', () => {
    renderBox(makeAuction({ bidCount: 2, winner: null }));
    expect(screen.queryByRole('link', { name: 'تعديل المزاد' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'حذف المزاد' })).toBeNull();
    expect(screen.getByText(EDIT_DELETE_NOTICE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /عرض المزايدات/ })).toHaveTextContent('عرض المزايدات (2)');
  });

  it('says why a sold auction cannot be deleted', () => {
    renderBox(makeAuction({ status: AuctionStatus.Sold, bidCount: 0, bids: [], winner: buyer }));
    expect(screen.queryByRole('button', { name: 'حذف المزاد' })).toBeNull();
    expect(screen.getByText('لا يمكن حذف مزاد تم بيعه')).toBeInTheDocument();
  });

  it('drops edit past the end time and after the one edit', () => {
    for (const auction of [
      makeAuction({ bidCount: 0, bids: [], endTime: new Date(now).toISOString() }),
      makeAuction({ bidCount: 0, bids: [], hasBeenEdited: true }),
    ]) {
      cleanup();
      renderBox(auction);
      expect(screen.queryByRole('link', { name: 'تعديل المزاد' })).toBeNull();
    }
  });

  it('asks before deleting', async () => {
    const onDelete = vi.fn();
    const auction = makeAuction({ bidCount: 0, bids: [], winner: null });
    render(
      <MemoryRouter>
        <OwnerBox
          auctionId={auction._id}
          bidCount={0}
          actions={partyActions(auction, auction.seller, now)}
          onDelete={onDelete}
        />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'حذف المزاد' }));
    expect(onDelete).not.toHaveBeenCalled();
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
  });
});
