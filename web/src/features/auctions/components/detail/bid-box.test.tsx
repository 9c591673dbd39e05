import { ERROR_MESSAGES } from '@mazad/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { LOGIN_TO_BID } from '../../lib/messages';
import { BidBox, type BidBoxProps } from './bid-box';

function setup(props: Partial<BidBoxProps> = {}) {
  const onBid = vi.fn();
  const onLoginRequired = vi.fn();
  const view = render(
    <>
      <BidBox currentPrice={120.5} open role="member" onBid={onBid} onLoginRequired={onLoginRequired} {...props} />
      <Toaster />
    </>,
  );
  const input = screen.getByLabelText('مبلغ المزايدة (د.أ)') as HTMLInputElement;
  const confirm = screen.getByRole('button', { name: 'تأكيد المزايدة' });
  return { ...view, input, confirm, onBid, onLoginRequired };
}

describe('BidBox', () => {
  it('prefills current + 1 with min current + 1 and step 0.01', () => {
    const { input, confirm } = setup();
    expect(input.value).toBe('121.5');
    expect(input).toHaveAttribute('min', '121.5');
    expect(input).toHaveAttribute('step', '0.01');
    expect(confirm).toBeEnabled();
  });

  it('disables confirm at or below the current price, and for empty input', () => {
    const { input, confirm } = setup();
    fireEvent.change(input, { target: { value: '120.5' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(input, { target: { value: '100' } });
    expect(confirm).toBeDisabled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(input, { target: { value: '' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(input, { target: { value: '121.0005' } });
    expect(confirm).toBeDisabled();
    expect(screen.getByText('المبلغ بالدينار يقبل 3 منازل عشرية على الأكثر')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '120.51' } });
    expect(confirm).toBeEnabled();
  });

  it('sends the amount as a number', () => {
    const { input, confirm, onBid } = setup();
    fireEvent.change(input, { target: { value: '130.25' } });
    fireEvent.click(confirm);
    expect(onBid).toHaveBeenCalledWith(130.25);
  });

  it('asks a signed-out visitor to log in', async () => {
    const { confirm, onBid, onLoginRequired } = setup({ role: 'visitor' });
    fireEvent.click(confirm);
    expect(await screen.findByText(LOGIN_TO_BID)).toBeInTheDocument();
    expect(onLoginRequired).toHaveBeenCalled();
    expect(onBid).not.toHaveBeenCalled();
  });

  it('tells the seller they cannot bid on their own auction', async () => {
    const { confirm, onBid } = setup({ role: 'seller' });
    fireEvent.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.BID_OWN_AUCTION);
    expect(onBid).not.toHaveBeenCalled();
  });

  it('follows a new current price unless the typed amount still beats it', () => {
    const { input, rerender, onBid } = setup();
    rerender(<BidBox currentPrice={125} open role="member" onBid={onBid} />);
    expect(input.value).toBe('126');
    fireEvent.change(input, { target: { value: '200' } });
    rerender(<BidBox currentPrice={130} open role="member" onBid={onBid} />);
    expect(input.value).toBe('200');
  });

  it('has no form once the auction stopped taking bids', () => {
    render(<BidBox currentPrice={10} open={false} role="member" onBid={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'تأكيد المزايدة' })).not.toBeInTheDocument();
    expect(screen.getByText('هذا المزاد لم يعد يقبل المزايدات.')).toBeInTheDocument();
  });
});
