import { AuctionStatus, ERROR_MESSAGES, offerState } from '@mazad/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MaxBidBox, type MaxBidBoxProps } from './max-bid-box';

const NOW = Date.parse('2026-01-01T10:00:00Z');

function offerAt(currentPrice: number, buyNowPrice: number | null = 90) {
  return offerState(
    {
      status: AuctionStatus.Active,
      endTime: new Date(NOW + 60_000).toISOString(),
      currentPrice,
      buyNowPrice,
      seller: { _id: 'seller' },
    },
    { _id: 'member' },
    NOW,
  );
}

function setup(props: Partial<MaxBidBoxProps> = {}) {
  const handlers = { onSet: vi.fn(), onWithdraw: vi.fn(), onBuyNow: vi.fn() };
  const view = render(<MaxBidBox offer={offerAt(20)} own={null} {...handlers} {...props} />);
  const input = screen.getByLabelText('الحد الأقصى (د.أ)') as HTMLInputElement;
  return { ...view, ...handlers, input };
}

describe('MaxBidBox (R-MAX-BID)', () => {
  it('suggests the price plus one step and sets a maximum', async () => {
    const { input, onSet } = setup();
    expect(input.value).toBe('21');
    fireEvent.change(input, { target: { value: '55.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ الحد الأقصى' }));
    await waitFor(() => expect(onSet).toHaveBeenCalledWith(55.5));
  });

  it('keeps the save button disabled below the price plus one step', async () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: '20.5' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'حفظ الحد الأقصى' })).toBeDisabled());
    expect(screen.getByText(new RegExp(ERROR_MESSAGES.MAX_BID_TOO_LOW))).toBeInTheDocument();
  });

  it('shows the member their own maximum, to raise or withdraw it', () => {
    const { onWithdraw } = setup({ own: { amount: 55.5, setAt: '2026-01-01T09:00:00.000Z' } });
    expect(screen.getByTestId('own-max-bid')).toHaveTextContent('55.500 د.أ');
    expect(screen.getByRole('button', { name: 'تعديل الحد الأقصى' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'سحب الحد الأقصى' }));
    expect(onWithdraw).toHaveBeenCalled();
  });

  it('says whether the own maximum still leads, as the live auction moves', () => {
    const own = { amount: 55.5, setAt: '2026-01-01T09:00:00.000Z' };
    const { rerender, onSet, onWithdraw, onBuyNow } = setup({ own, leading: true });
    expect(screen.getByTestId('own-max-bid')).toHaveTextContent('أنت صاحب أعلى مزايدة');
    rerender(<MaxBidBox offer={offerAt(56)} own={own} leading={false} {...{ onSet, onWithdraw, onBuyNow }} />);
    expect(screen.getByTestId('own-max-bid')).toHaveTextContent('تجاوزته مزايدة أخرى، ارفعه لتتقدم');
  });

  it('offers the purchase when the server refuses a maximum at the buy-now price', () => {
    const { onBuyNow } = setup({
      error: { message: ERROR_MESSAGES.MAX_BID_AT_BUY_NOW, offerBuyNow: true },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(ERROR_MESSAGES.MAX_BID_AT_BUY_NOW);
    fireEvent.click(screen.getByRole('button', { name: /اشترِ الآن بسعر/ }));
    expect(onBuyNow).toHaveBeenCalled();
  });

  it('follows a new price: the suggestion moves unless the typed maximum still fits', () => {
    const { input, rerender, onSet, onWithdraw, onBuyNow } = setup();
    const props = { own: null, onSet, onWithdraw, onBuyNow };
    rerender(<MaxBidBox offer={offerAt(30)} {...props} />);
    expect(input.value).toBe('31');
    fireEvent.change(input, { target: { value: '70' } });
    rerender(<MaxBidBox offer={offerAt(40)} {...props} />);
    expect(input.value).toBe('70');
  });
});
