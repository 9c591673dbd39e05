import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StickyBidBar } from './sticky-bid-bar';

const END = new Date(Date.now() + 5 * 86_400_000 + 13 * 3_600_000 + 60_000).toISOString();

function setup(props: Partial<Parameters<typeof StickyBidBar>[0]> = {}) {
  const handlers = { onBid: vi.fn(), onBuyNow: vi.fn(), onManage: vi.fn() };
  render(
    <StickyBidBar currentPrice={1310} endTime={END} isSeller={false} buyNowPrice={2000} {...handlers} {...props} />,
  );
  return handlers;
}

describe('StickyBidBar', () => {
  it('a labelled region with the price, the time left, «زايد» and «شراء فوري»', () => {
    const { onBid, onBuyNow } = setup();
    const bar = screen.getByRole('region', { name: 'المزايدة السريعة' });
    expect(bar).toHaveTextContent('1,310.000 د.أ');
    expect(bar).toHaveTextContent('5 أيام و13 ساعة');
    fireEvent.click(screen.getByRole('button', { name: 'زايد' }));
    fireEvent.click(screen.getByRole('button', { name: 'شراء فوري' }));
    expect(onBid).toHaveBeenCalledOnce();
    expect(onBuyNow).toHaveBeenCalledOnce();
  });

  it('offers no purchase once buy-now is gone', () => {
    setup({ buyNowPrice: null });
    expect(screen.queryByRole('button', { name: 'شراء فوري' })).toBeNull();
  });

  it('leads the seller to their manage actions, never to bidding', () => {
    const { onManage } = setup({ isSeller: true });
    expect(screen.queryByRole('button', { name: 'زايد' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'إدارة المزاد' }));
    expect(onManage).toHaveBeenCalledOnce();
  });
});
