import { AuctionStatus, ERROR_MESSAGES, FIELDS, offerState } from '@mazad/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AT_BUY_NOW_TEXT } from '../bid-review';
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
  const view = render(<MaxBidBox currentPrice={20} offer={offerAt(20)} hasOwn={false} {...handlers} {...props} />);
  const input = screen.getByLabelText('الحد الأقصى (د.أ)') as HTMLInputElement;
  return { ...view, ...handlers, input };
}

describe('MaxBidBox (R-MAX-BID)', () => {
  it('starts EMPTY with a disabled action: one tap commits to nothing', () => {
    const { input, onSet } = setup();
    expect(input.value).toBe('');
    const action = screen.getByRole('button', { name: 'زايد تلقائياً' });
    expect(action).toBeDisabled();
    fireEvent.click(action);
    expect(onSet).not.toHaveBeenCalled();
    expect(screen.queryByText(/حفظ/)).toBeNull();
  });

  it('says what it commits to, following what is typed, and sets that maximum', async () => {
    const { input, onSet } = setup();
    fireEvent.change(input, { target: { value: '25' } });
    const action = await screen.findByRole('button', { name: 'زايد تلقائياً حتى 25.000 د.أ' });
    fireEvent.change(input, { target: { value: '28.5' } });
    expect(action).toHaveTextContent('زايد تلقائياً حتى 28.500 د.أ');
    fireEvent.click(action);
    await waitFor(() => expect(onSet).toHaveBeenCalledWith(28.5));
  });

  it('keeps the action disabled below the price plus one step', async () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: '20.5' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'زايد تلقائياً' })).toBeDisabled());
    expect(screen.getByText(new RegExp(ERROR_MESSAGES.MAX_BID_TOO_LOW))).toBeInTheDocument();
  });

  it("says what the server would of an amount that is none, in the maximum's own words", async () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: '25.0005' } });
    expect(await screen.findByText(FIELDS.maxBid.messages.typed!)).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(await screen.findByText(FIELDS.maxBid.messages.typed!)).toBeInTheDocument();
  });

  it('reads a maximum far above the price back in figures and words before setting it', async () => {
    const { input, onSet } = setup({ offer: offerAt(20, null) });
    fireEvent.change(input, { target: { value: '500' } });
    fireEvent.click(await screen.findByRole('button', { name: /زايد تلقائياً حتى/ }));
    expect(await screen.findByTestId('bid-review-words')).toHaveTextContent('خمسمئة دينار');
    expect(onSet).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /تأكيد الحد الأقصى/ }));
    expect(onSet).toHaveBeenCalledWith(500);
  });

  it('never sends a maximum at the buy-now price: it offers the purchase', async () => {
    const { input, onSet, onBuyNow } = setup();
    fireEvent.change(input, { target: { value: '90' } });
    fireEvent.click(await screen.findByRole('button', { name: /زايد تلقائياً حتى/ }));
    expect(await screen.findByText(AT_BUY_NOW_TEXT)).toBeInTheDocument();
    expect(onSet).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /شراء فوري بسعر 90.000/ }));
    expect(onBuyNow).toHaveBeenCalled();
  });

  it('offers to withdraw a maximum the member has', () => {
    const { onWithdraw } = setup({ hasOwn: true });
    fireEvent.click(screen.getByRole('button', { name: 'سحب الحد الأقصى' }));
    expect(onWithdraw).toHaveBeenCalled();
  });

  it('offers the purchase when the server refuses a maximum at the buy-now price', () => {
    const { onBuyNow } = setup({
      error: { message: ERROR_MESSAGES.MAX_BID_AT_BUY_NOW, offerBuyNow: true },
    });
    expect(screen.getByTestId('buy-now-offer')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /شراء فوري بسعر/ }));
    expect(onBuyNow).toHaveBeenCalled();
  });

  it('shows any other refusal of the server', () => {
    setup({ error: { message: ERROR_MESSAGES.MAX_BID_TOO_LOW, offerBuyNow: false } });
    expect(screen.getByRole('alert')).toHaveTextContent(ERROR_MESSAGES.MAX_BID_TOO_LOW);
  });
});
