import type { Auction, Bid } from '@mazad/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, makeUser, renderWithApp } from '@/testing/test-utils';
import { BidHistory } from './bid-history';
import { RetractBidAction } from './retract-bid-action';

const me = makeUser({ _id: 'u-1', id: 'u-1', name: 'سارة أحمد' });
const MINUTE = 60_000;
const bid = (id: string, bidderId: string, amount: number, minutesAgo: number, isCancelled = false): Bid => ({
  _id: id,
  id,
  amount,
  bidder: { _id: bidderId, id: bidderId, name: bidderId === 'u-1' ? 'سارة أحمد' : 'باسم' },
  createdAt: new Date(Date.now() - minutesAgo * MINUTE).toISOString(),
  isCancelled,
});
const auctionWith = (bids: Bid[], hoursLeft = 48): Auction =>
  ({
    _id: 'a1',
    id: 'a1',
    status: 'نشط',
    endTime: new Date(Date.now() + hoursLeft * 60 * MINUTE).toISOString(),
    currentPrice: Math.max(...bids.map((b) => b.amount)),
    bidCount: bids.length,
    bids,
  }) as unknown as Auction;

function history(auction: Auction, user = me, api = {}) {
  return renderWithApp(
    <BidHistory
      bids={auction.bids}
      bidCount={auction.bidCount}
      rowAction={(bidId) => <RetractBidAction auction={auction} bidId={bidId} />}
    />,
    { user: user ?? undefined, api },
  );
}
const actions = () => screen.queryAllByRole('button', { name: 'سحب المزايدة' });

describe('«سحب المزايدة» in the bid history (R-BID-RETRACT)', () => {
  it('only on the member’s own standing bid within the hour: not on another’s, an old one or a cancelled one', async () => {
    const auction = auctionWith([
      bid('b-old', 'u-1', 100, 90),
      bid('b-other', 'u-2', 110, 30),
      bid('b-gone', 'u-1', 115, 10, true),
      bid('b-typo', 'u-1', 1200, 5),
    ]);
    history(auction);
    await waitFor(() => expect(actions()).toHaveLength(1));
    const row = actions()[0].closest('li')!;
    expect(row).toHaveTextContent('1,200.000');
  });

  it('in the last 12 hours, only on a bid placed in them', async () => {
    // Ends in 11 h 30: the last hours began 30 minutes ago.
    const auction = auctionWith([bid('b-before', 'u-1', 100, 45), bid('b-in', 'u-1', 120, 20)], 11.5);
    history(auction);
    await waitFor(() => expect(actions()).toHaveLength(1));
    expect(actions()[0].closest('li')).toHaveTextContent('120.000');
  });

  it('nothing for a visitor', () => {
    history(auctionWith([bid('b-typo', 'u-1', 1200, 5)]), null as never);
    expect(actions()).toEqual([]);
  });

  it('asks the reason and a confirmation, then sends the retraction with an idempotency key and says so', async () => {
    const auction = auctionWith([bid('b-1', 'u-2', 1200, 30), bid('b-typo', 'u-1', 12000, 5)]);
    const answer = {
      success: true,
      message: 'تم سحب مزايدتك، وعاد السعر إلى ما تقتضيه المزايدات الباقية',
      auction: { ...auction, currentPrice: 1200, bids: [auction.bids[0], { ...auction.bids[1], isCancelled: true }] },
    };
    const { fetchMock } = history(auction, me, { 'POST /api/auctions/a1/bids/b-typo/retract': () => answer });
    fireEvent.click(await screen.findByRole('button', { name: 'سحب المزايدة' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'سحب المزايدة' });
    expect(within(dialog).getByRole('radio', { name: 'أدخلت مبلغاً خاطئاً' })).toBeChecked();
    expect(dialog).toHaveTextContent('12,000.000');
    expect(dialog).toHaveTextContent('يعود السعر إلى ما تقتضيه المزايدات الباقية');
    fireEvent.click(within(dialog).getByRole('button', { name: 'سحب المزايدة' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/auctions/a1/bids/b-typo/retract')).toEqual([{ reason: 'wrong_amount' }]),
    );
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).includes('/retract'))!;
    expect((init as RequestInit).headers).toMatchObject({ 'Idempotency-Key': expect.any(String) });
    expect(await screen.findByText(answer.message)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('a refusal is shown in Arabic and nothing else changes', async () => {
    const auction = auctionWith([bid('b-typo', 'u-1', 1200, 5)]);
    const refusal = {
      statusCode: 409,
      code: 'BID_RETRACT_MONTHLY_LIMIT',
      message: 'بلغت الحد الأقصى لسحب المزايدات: 3 مرات خلال 30 يوماً',
    };
    history(auction, me, { 'POST /api/auctions/a1/bids/b-typo/retract': () => ({ status: 409, body: refusal }) });
    fireEvent.click(await screen.findByRole('button', { name: 'سحب المزايدة' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'سحب المزايدة' }));
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
