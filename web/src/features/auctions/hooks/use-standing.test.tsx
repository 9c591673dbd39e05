import type { Auction } from '@mazad/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAuction, makeBid } from '@/testing/auction-fixtures';
import { makeUser, renderWithApp } from '@/testing/test-utils';
import { auctionKeys } from '../api';
import { useStanding } from './use-standing';

const ME = makeUser({ _id: 'member-000000001', id: 'member-000000001', name: 'هند' });
const mine = makeBid({ amount: 50, bidder: { _id: ME._id, id: ME._id, name: ME.name } });
const rivals = makeBid({ amount: 60, bidder: { _id: 'rival', id: 'rival', name: 'فادي' } });

function Probe({ auction }: { auction: Auction }) {
  return <p data-testid="standing">{useStanding(auction) ?? 'none'}</p>;
}

describe('useStanding (for the cards)', () => {
  it('reads the signed-in member’s standing from the bids', () => {
    renderWithApp(<Probe auction={makeAuction({ currentPrice: 50, bids: [mine] })} />, { user: ME });
    expect(screen.getByTestId('standing')).toHaveTextContent('leading');
  });

  it('a maximum the page already read counts as taking part, and is never fetched here', async () => {
    const auction = makeAuction({ currentPrice: 60, bids: [rivals] });
    const { queryClient, fetchMock } = renderWithApp(<Probe auction={auction} />, { user: ME });
    expect(screen.getByTestId('standing')).toHaveTextContent('none');
    act(() =>
      queryClient.setQueryData(auctionKeys.ownMaxBid(auction._id), {
        success: true,
        maxBid: { amount: 55, setAt: '2026-01-01T00:00:00Z' },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('standing')).toHaveTextContent('outbid'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/max-bid'))).toBe(false);
  });

  it('says nothing to a visitor', () => {
    renderWithApp(<Probe auction={makeAuction({ currentPrice: 50, bids: [mine] })} />);
    expect(screen.getByTestId('standing')).toHaveTextContent('none');
  });
});
