import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBid } from '@/testing/auction-fixtures';
import { BidHistory } from './bid-history';

describe('BidHistory', () => {
  it('lists bids newest first, numbered from the newest, with name, time and amount', () => {
    const bids = [
      makeBid({
        _id: 'a',
        amount: 100,
        bidder: { _id: '1', id: '1', name: 'أحمد' },
        createdAt: '2025-06-01T09:00:00.000Z',
      }),
      makeBid({
        _id: 'b',
        amount: 150.25,
        bidder: { _id: '2', id: '2', name: '' },
        createdAt: '2025-06-01T09:30:00.000Z',
      }),
    ];
    render(<BidHistory bids={bids} bidCount={2} />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('#1');
    expect(items[0]).toHaveTextContent('مستخدم');
    expect(items[0]).toHaveTextContent('150.250 د.أ');
    // 09:30 UTC is 12:30 in Amman (UTC+3), Latin digits.
    expect(items[0].querySelector('time')).toHaveTextContent('12:30');
    expect(items[1]).toHaveTextContent('#2');
    expect(items[1]).toHaveTextContent('أحمد');
    expect(items[1]).toHaveTextContent('100.000 د.أ');
  });

  it('is a scrollable, focusable list and says when there are no bids', () => {
    const { rerender } = render(<BidHistory bids={[makeBid()]} bidCount={1} />);
    expect(screen.getByRole('list')).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('list')).toHaveClass('bid-history__list');
    rerender(<BidHistory bids={[]} bidCount={0} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByText(/لا توجد مزايدات بعد/)).toBeInTheDocument();
  });

  it('marks the bids placed for a maximum as automatic, and only those', () => {
    const bids = [
      makeBid({ _id: 'a', amount: 30, createdAt: '2025-06-01T09:00:00.000Z' }),
      makeBid({ _id: 'b', amount: 31, createdAt: '2025-06-01T09:00:01.000Z', isAutomatic: true }),
    ];
    render(<BidHistory bids={bids} bidCount={2} />);
    const [newest, older] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(newest).toHaveTextContent('تلقائية');
    expect(older).not.toHaveTextContent('تلقائية');
  });
});
