import { AuctionStatus, ERROR_MESSAGES, FIELDS, offerState, SIGN_IN_MESSAGES } from '@mazad/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { BidBox, type BidBoxProps } from './bid-box';

const NOW = Date.parse('2026-01-01T10:00:00Z');
const viewers = { member: { _id: 'member' }, seller: { _id: 'seller' }, visitor: null };

/** The offer a viewer gets on an auction at `currentPrice` (open unless said otherwise). */
function offerAt(
  currentPrice: number,
  viewer: keyof typeof viewers = 'member',
  open = true,
  buyNowPrice: number | null = null,
) {
  const auction = {
    status: open ? AuctionStatus.Active : AuctionStatus.Sold,
    endTime: new Date(NOW + 60_000).toISOString(),
    currentPrice,
    buyNowPrice,
    seller: { _id: 'seller' },
  };
  return offerState(auction, viewers[viewer], NOW);
}

function setup(props: Partial<BidBoxProps> = {}, viewer: keyof typeof viewers = 'member') {
  const onBid = vi.fn();
  const onLoginRequired = vi.fn();
  const view = render(
    <>
      <BidBox
        currentPrice={120.5}
        offer={offerAt(120.5, viewer)}
        onBid={onBid}
        onLoginRequired={onLoginRequired}
        {...props}
      />
      <Toaster />
    </>,
  );
  const input = screen.getByLabelText('مبلغ المزايدة (د.أ)') as HTMLInputElement;
  const confirm = screen.getByRole('button', { name: 'تأكيد المزايدة' });
  return { ...view, input, confirm, onBid, onLoginRequired };
}

describe('BidBox', () => {
  it('prefills current + one step', () => {
    const { input, confirm } = setup();
    expect(input.value).toBe('125.5');
    expect(confirm).toBeEnabled();
  });

  it('disables confirm at or below the current price, and for empty input', async () => {
    const { input, confirm } = setup();
    fireEvent.change(input, { target: { value: '120.5' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(input, { target: { value: '100' } });
    expect(confirm).toBeDisabled();
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    fireEvent.change(input, { target: { value: '' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(input, { target: { value: '121.0005' } });
    expect(confirm).toBeDisabled();
    expect(await screen.findByText(FIELDS.bidAmount.messages.typed!)).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '120.51' } });
    expect(confirm).toBeEnabled();
  });

  it('sends the amount as a number', async () => {
    const { input, confirm, onBid } = setup();
    fireEvent.change(input, { target: { value: '130.25' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(onBid).toHaveBeenCalledWith(130.25));
  });

  it('reads a far amount back in figures and Arabic words, and sends it only on confirmation', async () => {
    const { input, confirm, onBid } = setup({ currentPrice: 1200, offer: offerAt(1200) });
    fireEvent.change(input, { target: { value: '12000' } });
    fireEvent.click(confirm);
    const review = await screen.findByTestId('bid-review');
    expect(onBid).not.toHaveBeenCalled();
    expect(screen.getByTestId('bid-review-figures')).toHaveTextContent('12,000.000 د.أ');
    expect(screen.getByTestId('bid-review-words')).toHaveTextContent('اثنا عشر ألف دينار');
    expect(review).toHaveTextContent('أكثر من ضعف السعر الحالي');
    // Focus is on the panel, not its confirm button: a second Enter sends nothing.
    expect(review).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: /تأكيد المزايدة بـ/ }));
    expect(onBid).toHaveBeenCalledWith(12000);
  });

  it('lets the member edit a far amount instead of sending it', async () => {
    const { input, confirm, onBid } = setup({ currentPrice: 1200, offer: offerAt(1200) });
    fireEvent.change(input, { target: { value: '12000' } });
    fireEvent.click(confirm);
    fireEvent.click(await screen.findByRole('button', { name: 'تعديل المبلغ' }));
    expect(screen.queryByTestId('bid-review')).toBeNull();
    await waitFor(() => expect(input).toHaveFocus());
    expect(onBid).not.toHaveBeenCalled();
  });

  it('sends an ordinary amount at once', async () => {
    const { input, confirm, onBid } = setup({ currentPrice: 1200, offer: offerAt(1200) });
    fireEvent.change(input, { target: { value: '1210' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(onBid).toHaveBeenCalledWith(1210));
    expect(screen.queryByTestId('bid-review')).toBeNull();
  });

  it('never sends a bid at or above the buy-now price: it offers the purchase instead', async () => {
    const onBuyNow = vi.fn();
    const { input, confirm, onBid } = setup({
      currentPrice: 1200,
      offer: offerAt(1200, 'member', true, 2000),
      onBuyNow,
    });
    fireEvent.change(input, { target: { value: '12000' } });
    fireEvent.click(confirm);
    expect(await screen.findByTestId('buy-now-offer')).toHaveTextContent('2,000.000 د.أ');
    expect(onBid).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /شراء فوري بسعر 2,000.000/ }));
    expect(onBuyNow).toHaveBeenCalled();
    expect(onBid).not.toHaveBeenCalled();
  });

  it("offers the purchase on the server's refusal of a bid at the buy-now price", () => {
    render(
      <BidBox
        currentPrice={1200}
        offer={offerAt(1200, 'member', true, 2000)}
        onBid={vi.fn()}
        onBuyNow={vi.fn()}
        error={{ message: 'refused', offerBuyNow: true }}
      />,
    );
    expect(screen.getByTestId('buy-now-offer')).toBeInTheDocument();
  });

  it("shows the server's refusal text, as a blocked member's (R-BLOCK)", () => {
    render(
      <BidBox
        currentPrice={120.5}
        offer={offerAt(120.5)}
        onBid={vi.fn()}
        error={{ message: ERROR_MESSAGES.BLOCKED_BY_SELLER }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(ERROR_MESSAGES.BLOCKED_BY_SELLER);
  });

  it('asks a signed-out visitor to log in', async () => {
    const { confirm, onBid, onLoginRequired } = setup({}, 'visitor');
    fireEvent.click(confirm);
    expect(await screen.findByText(SIGN_IN_MESSAGES.SIGN_IN_TO_BID)).toBeInTheDocument();
    expect(onLoginRequired).toHaveBeenCalled();
    expect(onBid).not.toHaveBeenCalled();
  });

  it('tells the seller they cannot bid on their own auction', async () => {
    const { confirm, onBid } = setup({}, 'seller');
    fireEvent.click(confirm);
    expect(await screen.findByText(ERROR_MESSAGES.BID_OWN_AUCTION)).toBeInTheDocument();
    expect(onBid).not.toHaveBeenCalled();
  });

  it('follows a new current price unless the typed amount still beats it', () => {
    const { input, rerender, onBid } = setup();
    rerender(<BidBox currentPrice={126} offer={offerAt(126)} onBid={onBid} />);
    expect(input.value).toBe('131');
    fireEvent.change(input, { target: { value: '200' } });
    rerender(<BidBox currentPrice={130} offer={offerAt(130)} onBid={onBid} />);
    expect(input.value).toBe('200');
  });

  it('has no form once the auction stopped taking bids', () => {
    render(<BidBox currentPrice={10} offer={offerAt(10, 'member', false)} onBid={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'تأكيد المزايدة' })).not.toBeInTheDocument();
    expect(screen.getByText('هذا المزاد لم يعد يقبل المزايدات.')).toBeInTheDocument();
  });

  it('says near the button, in a live region, that a busy auction is being sent the bid again', () => {
    const { rerender } = setup({ busy: true, retrying: false });
    const notice = screen.getByTestId('busy-retry');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    expect(notice).toBeEmptyDOMElement();
    rerender(<BidBox currentPrice={120.5} offer={offerAt(120.5)} onBid={vi.fn()} busy retrying />);
    expect(screen.getByTestId('busy-retry')).toHaveTextContent('المزاد مزدحم الآن، نعيد إرسال مزايدتك…');
  });
});
