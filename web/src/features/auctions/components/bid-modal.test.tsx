import { FIELDS, type Auction } from '@mazad/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, makeUser, renderWithApp } from '@/testing/test-utils';
import { makeAuction, makeBid } from '@/testing/auction-fixtures';
import { BID_CLOSE_DELAY_MS, BidModal } from './bid-modal';

const bidder = makeUser({ _id: 'member-00000001', id: 'member-00000001', name: 'ليلى حسن' });
const auction = makeAuction({ currentPrice: 120.5, bidCount: 4, buyNowPrice: 500, hasBuyNow: true });

function openModal(options: Parameters<typeof renderWithApp>[1] = {}, onClose = vi.fn(), which = auction) {
  const view = renderWithApp(<BidModal auction={which} open onClose={onClose} />, options);
  const dialog = screen.getByRole('dialog');
  return { ...view, dialog, onClose };
}

afterEach(() => vi.useRealTimers());

describe('BidModal', () => {
  it('shows the item facts, the last three bids newest first and a prefilled amount', () => {
    const bids = ['أحمد علي', 'سمر', 'خالد محمود', 'رنا'].map((name, i) =>
      makeBid({
        _id: `b${i}`,
        amount: 100 + i,
        bidder: { _id: `u${i}`, id: `u${i}`, name },
        createdAt: `2025-06-01T10:0${i}:00.000Z`,
      }),
    );
    const { dialog } = openModal({ user: bidder }, vi.fn(), { ...auction, bids });
    const fact = (label: string) =>
      within(dialog).getByText(label).closest('.facts__row')?.querySelector('dd')?.textContent;
    expect(fact('السعر الحالي')).toBe('120.500 د.أ');
    expect(fact('عدد المزايدات')).toBe('4');
    expect(fact('سعر الشراء الفوري')).toBe('500.000 د.أ');
    expect(fact('الوقت المتبقي')).toMatch(/\d+ (يوم|أيام|يوماً)( و(\d+ (ساعة|ساعات)|ساعة|ساعتان))?$/); // one and two hours are words (ساعة، ساعتان)
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['رنا103.000 د.أ', 'خ.م.102.000 د.أ', 'سمر101.000 د.أ']);
    const input = within(dialog).getByLabelText(/مبلغ المزايدة/);
    expect(input).toHaveValue('125.5');
  });

  it('refuses a low amount: confirm is disabled at or below the current price, enabled above', async () => {
    const { dialog } = openModal({ user: bidder });
    const input = within(dialog).getByLabelText(/مبلغ المزايدة/);
    const confirm = within(dialog).getByRole('button', { name: 'تأكيد المزايدة' });
    expect(confirm).toBeEnabled();
    fireEvent.change(input, { target: { value: '120.5' } });
    expect(confirm).toBeDisabled();
    expect(await within(dialog).findByText('يجب أن تكون المزايدة أعلى من السعر الحالي')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(input, { target: { value: '90' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(input, { target: { value: '120.51' } });
    expect(confirm).toBeEnabled();
  });

  it('tells the seller they own the auction and offers no amount', () => {
    const seller = makeUser({ _id: auction.seller._id, id: auction.seller._id, name: auction.seller.name });
    const { dialog } = openModal({ user: seller });
    expect(within(dialog).getByText(/أنت صاحب هذا المزاد/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/مبلغ المزايدة/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'تأكيد المزايدة' })).not.toBeInTheDocument();
  });

  it('asks a visitor to log in', () => {
    const { dialog } = openModal();
    expect(within(dialog).getByText(/يجب تسجيل الدخول للمزايدة/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');
    expect(within(dialog).queryByLabelText(/مبلغ المزايدة/)).not.toBeInTheDocument();
  });

  it('bids, shows the server message in green and closes 2 s later', async () => {
    const onClose = vi.fn();
    const { dialog, fetchMock } = openModal(
      {
        user: bidder,
        api: {
          'POST /api/auctions/auction-0000000001/bid': (body) => ({
            success: true,
            message: 'تمت إضافة المزايدة بنجاح',
            auction: { ...auction, currentPrice: (body as { amount: number }).amount, bidCount: 5 },
            bid: makeBid(),
          }),
        },
      },
      onClose,
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأكيد المزايدة' }));
    const message = await within(dialog).findByTestId('bid-modal-message');
    expect(message).toHaveTextContent('تمت إضافة المزايدة بنجاح');
    expect(message).toHaveClass('notice--success');
    expect(callsTo(fetchMock, 'POST /api/auctions/auction-0000000001/bid')).toEqual([{ amount: 125.5 }]);
    const init = fetchMock.mock.calls.find(([url]) => String(url).includes('/bid?'))![1] as RequestInit;
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(BID_CLOSE_DELAY_MS);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('reads an amount typed with Arabic-Indic digits and separators (R-NUMBER-INPUT), never emptying it', async () => {
    const { dialog, fetchMock } = openModal({
      user: bidder,
      api: {
        'POST /api/auctions/auction-0000000001/bid': (body) => ({
          success: true,
          message: 'تمت إضافة المزايدة بنجاح',
          auction: { ...auction, currentPrice: (body as { amount: number }).amount, bidCount: 5 },
          bid: makeBid(),
        }),
      },
    });
    const input = within(dialog).getByLabelText(/مبلغ المزايدة/) as HTMLInputElement;
    // A text field: a browser's number field empties «١٣٠٫٢٥» and a pasted "1,250.5".
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAccessibleDescription(/مثل 1,250\.500/);
    fireEvent.change(input, { target: { value: '١٣٠٫٢٥' } });
    expect(input.value).toBe('١٣٠٫٢٥');
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأكيد المزايدة' }));
    await within(dialog).findByTestId('bid-modal-message');
    expect(callsTo(fetchMock, 'POST /api/auctions/auction-0000000001/bid')).toEqual([{ amount: 130.25 }]);
  });

  it('says an amount that is not a number is not one', async () => {
    const { dialog } = openModal({ user: bidder });
    const input = within(dialog).getByLabelText(/مبلغ المزايدة/);
    fireEvent.change(input, { target: { value: '130,5' } });
    // The field's form text: what to type, in what format.
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining(FIELDS.bidAmount.messages.typed!)),
    );
    expect(within(dialog).getByRole('button', { name: 'تأكيد المزايدة' })).toBeDisabled();
  });

  it("shows the server's Arabic refusal in red and stays open", async () => {
    const onClose = vi.fn();
    const refusal = 'يجب أن تكون المزايدة أعلى من السعر الحالي';
    const { dialog } = openModal(
      {
        user: bidder,
        api: {
          'POST /api/auctions/auction-0000000001/bid': () => ({
            status: 400,
            body: { statusCode: 400, code: 'BID_TOO_LOW', message: refusal, error: refusal },
          }),
        },
      },
      onClose,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأكيد المزايدة' }));
    const message = await within(dialog).findByTestId('bid-modal-message');
    expect(message).toHaveTextContent(refusal);
    expect(message).toHaveClass('notice--error');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for confirmation before buying now, then closes 3 s later', async () => {
    const onClose = vi.fn();
    const { dialog } = openModal(
      {
        user: bidder,
        api: {
          'POST /api/auctions/auction-0000000001/buy-now': () => ({
            success: true,
            message: 'تم شراء المنتج بنجاح، تم إلغاء جميع المزايدات وإنهاء المزاد',
            auction: {
              ...auction,
              status: 'مباع',
              currentPrice: 500,
              winner: { _id: bidder._id, id: bidder._id, name: bidder.name },
            },
          }),
        },
      },
      onClose,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /شراء فوري بسعر/ }));
    expect(within(dialog).getByText(/هل تريد شراء «ساعة يد كلاسيكية» بسعر/)).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'نعم، اشترِ الآن' }));
    const message = await within(dialog).findByTestId('bid-modal-message');
    expect(message).toHaveClass('notice--success');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('reads a far amount back in words before sending, and offers buy-now instead of a bid at its price', async () => {
    const { dialog, fetchMock } = openModal({ user: bidder });
    const input = within(dialog).getByLabelText('مبلغ المزايدة (د.أ)');
    fireEvent.change(input, { target: { value: '300' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأكيد المزايدة' }));
    expect(await within(dialog).findByTestId('bid-review-words')).toHaveTextContent('ثلاثمئة دينار');
    fireEvent.click(within(dialog).getByRole('button', { name: 'تعديل المبلغ' }));
    fireEvent.change(input, { target: { value: '600' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأكيد المزايدة' }));
    const offer = await within(dialog).findByTestId('buy-now-offer');
    fireEvent.click(within(offer).getByRole('button', { name: /شراء فوري بسعر 500.000/ }));
    expect(within(dialog).getByText(/تأكيد الشراء الفوري/)).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/auctions/${auction._id}/bid`)).toHaveLength(0);
  });

  it('focuses the amount, closes on Escape', async () => {
    const onClose = vi.fn();
    const { dialog } = openModal({ user: bidder }, onClose);
    await waitFor(() => expect(within(dialog).getByLabelText(/مبلغ المزايدة/)).toHaveFocus());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('follows a live price until the member types, and starts afresh when reopened', async () => {
    let show: (auction: Auction, open: boolean) => void = () => {};
    function Harness() {
      const [state, setState] = useState({ auction, open: true });
      show = (next, open) => setState({ auction: next, open });
      return <BidModal auction={state.auction} open={state.open} onClose={() => {}} />;
    }
    renderWithApp(<Harness />, { user: bidder });
    const amount = () => within(screen.getByRole('dialog')).getByLabelText(/مبلغ المزايدة/) as HTMLInputElement;
    expect(amount().value).toBe('125.5');
    act(() => show({ ...auction, currentPrice: 126 }, true));
    expect(amount().value).toBe('131');
    fireEvent.change(amount(), { target: { value: '200' } });
    act(() => show({ ...auction, currentPrice: 130 }, true));
    expect(amount().value).toBe('200');
    act(() => show({ ...auction, currentPrice: 130 }, false));
    act(() => show({ ...auction, currentPrice: 140 }, true));
    await waitFor(() => expect(amount().value).toBe('145'));
  });
});
