import { AuctionStatus } from '@mazad/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setServerOffset } from '@/lib/server-time';
import { callsTo, makeUser, renderWithApp } from '@/testing/test-utils';
import { makeAuction, makeBid } from '@/testing/auction-fixtures';
import { statusTone } from '@/components/display';
import { AuctionCard } from './auction-card';

// Counts the card's own renders: its body reads the status colour once per render.
vi.mock('@/components/display', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/components/display')>();
  return { ...actual, statusTone: vi.fn(actual.statusTone) };
});

// The first page settles when a test says so (lib/page-settled.ts has its own tests).
const page = vi.hoisted(() => ({ settled: true, listeners: new Set<() => void>() }));
vi.mock('@/lib/page-settled', async (importOriginal) => {
  const { useSyncExternalStore } = await import('react');
  const actual = await importOriginal<typeof import('@/lib/page-settled')>();
  const subscribe = (listener: () => void) => {
    page.listeners.add(listener);
    return () => void page.listeners.delete(listener);
  };
  return { ...actual, usePageSettled: () => useSyncExternalStore(subscribe, () => page.settled) };
});
const settle = () => {
  page.settled = true;
  page.listeners.forEach((listener) => listener());
};

const SELLER = 'seller-0000000001';
const ratingApi = {
  [`GET /api/users/${SELLER}/rating-stats`]: () => ({ success: true, averageRating: 4.5, validRatings: 8 }),
};

afterEach(() => {
  setServerOffset(0);
  settle();
});

describe('AuctionCard', () => {
  it('shows prices in JOD with 3 decimals and the last bidder abbreviated', async () => {
    const auction = makeAuction({
      startingPrice: 50,
      currentPrice: 1234.5,
      bidCount: 2,
      bids: [
        makeBid({ amount: 1000, bidder: { _id: 'x1', id: 'x1', name: 'سمير' } }),
        makeBid({
          amount: 1234.5,
          bidder: { _id: 'x2', id: 'x2', name: 'محمد أحمد' },
          createdAt: '2025-06-01T11:00:00.000Z',
        }),
      ],
    });
    renderWithApp(<AuctionCard auction={auction} live={false} />, { api: ratingApi });
    const card = screen.getByRole('article', { name: auction.title });
    expect(within(card).getByText('50.000 د.أ')).toBeInTheDocument();
    expect(within(card).getAllByText('1,234.500 د.أ').length).toBeGreaterThan(0);
    expect(within(card).getByText('م.أ.')).toBeInTheDocument();
    expect(within(card).getByText('(مزايدتان)')).toBeInTheDocument(); // Arabic dual, not "2 مزايدة"
    expect(within(card).queryByText('محمد أحمد')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: `التفاصيل: ${auction.title}` })).toHaveAttribute(
      'href',
      `/auction/${auction._id}`,
    );
    expect(within(card).getByRole('progressbar')).toBeInTheDocument();
    expect(await within(card).findByLabelText('التقييم 4.5 من 5 (8 تقييمات)')).toBeInTheDocument();
    expect(within(card).getByText(/إربد/)).toBeInTheDocument();
  });

  it("asks for the seller's rating only once the first page has settled", async () => {
    page.settled = false;
    const auction = makeAuction();
    const { fetchMock } = renderWithApp(<AuctionCard auction={auction} live={false} />, { api: ratingApi });
    const card = screen.getByRole('article', { name: auction.title });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(callsTo(fetchMock, `GET /api/users/${SELLER}/rating-stats`)).toHaveLength(0);
    expect(within(card).getByText('بدون تقييم')).toBeInTheDocument();

    act(settle);
    expect(await within(card).findByLabelText('التقييم 4.5 من 5 (8 تقييمات)')).toBeInTheDocument();
    expect(callsTo(fetchMock, `GET /api/users/${SELLER}/rating-stats`)).toHaveLength(1);
  });

  it('shows the category label, the status and the buy-now badge', () => {
    const auction = makeAuction({ category: 'إلكترونيات', buyNowPrice: 900, hasBuyNow: true });
    renderWithApp(<AuctionCard auction={auction} live={false} />, { api: ratingApi });
    const badges = screen.getByRole('list', { name: 'حالة المزاد' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['نشط', 'تقنية', 'شراء فوري']);
  });

  it('opens the bid modal from the bid button', async () => {
    renderWithApp(<AuctionCard auction={makeAuction()} live={false} />, { api: ratingApi });
    fireEvent.click(screen.getByRole('button', { name: /زايد الآن/ }));
    expect(await screen.findByRole('dialog', { name: /المزايدة على/ })).toBeInTheDocument();
  });

  it('confirms a buy-now with the title and price before buying', async () => {
    const user = makeUser({ _id: 'member-00000001', id: 'member-00000001' });
    const auction = makeAuction({ buyNowPrice: 900, hasBuyNow: true });
    const { fetchMock } = renderWithApp(<AuctionCard auction={auction} live={false} />, {
      user,
      api: {
        ...ratingApi,
        [`POST /api/auctions/${auction._id}/buy-now`]: () => ({
          success: true,
          message: 'تم شراء المنتج بنجاح، تم إلغاء جميع المزايدات وإنهاء المزاد',
          auction: { ...auction, status: AuctionStatus.Sold },
        }),
      },
    });
    fireEvent.click(screen.getByRole('button', { name: `شراء فوري: ${auction.title}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'تأكيد الشراء الفوري' });
    expect(dialog).toHaveTextContent(`هل تريد شراء «${auction.title}» بسعر 900.000 د.أ؟`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'نعم، اشترِ الآن' }));
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/auctions/${auction._id}/buy-now`)).toHaveLength(1));
    expect(await screen.findByText('تم شراء المنتج بنجاح، تم إلغاء جميع المزايدات وإنهاء المزاد')).toBeInTheDocument();
  });

  it('«متابعة»: a toggle with the watchlist’s state; pressing it watches through the API, again unwatches', async () => {
    const user = makeUser({ _id: 'member-00000001', id: 'member-00000001' });
    const auction = makeAuction();
    const { fetchMock } = renderWithApp(<AuctionCard auction={auction} live={false} watched={false} />, {
      user,
      api: {
        ...ratingApi,
        [`PUT /api/auctions/${auction._id}/watch`]: () => ({
          success: true,
          message: 'تم حفظ المزاد في قائمة المتابعة',
          auctionId: auction._id,
          watched: true,
          watchCount: 1,
        }),
      },
    });
    const toggle = screen.getByRole('button', { name: `متابعة: ${auction.title}` });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: /حفظ/ })).not.toBeInTheDocument();
    fireEvent.click(toggle);
    await waitFor(() => expect(callsTo(fetchMock, `PUT /api/auctions/${auction._id}/watch`)).toHaveLength(1));
  });

  it('a visitor pressing «متابعة» is sent to sign in; the seller has no toggle on their own auction', async () => {
    const { router, unmount } = renderWithApp(<AuctionCard auction={makeAuction()} live={false} />, { api: ratingApi });
    fireEvent.click(screen.getByRole('button', { name: /^متابعة:/ }));
    expect(await screen.findByText('سجّل الدخول لمتابعة المزاد')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    unmount();
    const seller = makeUser({ _id: SELLER, id: SELLER });
    renderWithApp(<AuctionCard auction={makeAuction()} live={false} />, { user: seller, api: ratingApi });
    expect(screen.queryByRole('button', { name: /^متابعة:/ })).not.toBeInTheDocument();
  });

  it('says where the member stands: leading, or outbid', () => {
    const me = makeUser({ _id: 'member-00000001', id: 'member-00000001' });
    const mine = { _id: me._id, id: me._id, name: me.name };
    const other = { _id: 'other-0000001', id: 'other-0000001', name: 'سمير' };
    const leading = makeAuction({
      bids: [makeBid({ amount: 10, bidder: other }), makeBid({ amount: 12, bidder: mine })],
    });
    const { unmount } = renderWithApp(<AuctionCard auction={leading} live={false} />, { user: me, api: ratingApi });
    expect(screen.getByTestId('card-standing')).toHaveTextContent('أنت صاحب أعلى مزايدة');
    unmount();
    const outbid = makeAuction({
      bids: [makeBid({ amount: 12, bidder: mine }), makeBid({ amount: 15, bidder: other })],
    });
    renderWithApp(<AuctionCard auction={outbid} live={false} />, { user: me, api: ratingApi });
    expect(screen.getByTestId('card-standing')).toHaveTextContent('تم تجاوز مزايدتك');
  });

  it('sends a visitor who wants to buy now to the login page', async () => {
    const { router } = renderWithApp(
      <AuctionCard auction={makeAuction({ buyNowPrice: 900, hasBuyNow: true })} live={false} />,
      { api: ratingApi },
    );
    fireEvent.click(screen.getByRole('button', { name: /شراء فوري/ }));
    expect(await screen.findByText('يجب تسجيل الدخول للشراء الفوري')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the winner and offers the chat to the winner inside the 1.5–10 min window', () => {
    const winner = makeUser({ _id: 'winner-00000001', id: 'winner-00000001', name: 'ليلى حسن' });
    const end = Date.now() - 5 * 60_000;
    const sold = makeAuction({
      status: AuctionStatus.Sold,
      endTime: new Date(end).toISOString(),
      winner: { _id: winner._id, id: winner._id, name: winner.name },
      bidCount: 1,
      bids: [makeBid({ bidder: { _id: winner._id, id: winner._id, name: winner.name } })],
    });
    renderWithApp(<AuctionCard auction={sold} live={false} showRemovalCountdown />, { user: winner, api: ratingApi });
    const card = screen.getByRole('article');
    expect(within(card).getByText(/الفائز/)).toHaveTextContent('الفائز: ل.ح.');
    expect(within(card).getByText('مبروك! لقد فزت بهذا المزاد.')).toBeInTheDocument();
    expect(within(card).getByText(/بانتظار التأكيد/)).toBeInTheDocument();
    expect(within(card).getByText(/سيختفي من الصفحة الرئيسية بعد/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: `راسل البائع: ${sold.title}` })).toHaveAttribute(
      'href',
      `/messages?auction=${sold._id}`,
    );
    expect(within(card).queryByRole('button', { name: /زايد الآن/ })).not.toBeInTheDocument();
  });

  it('offers no chat to other members', () => {
    const sold = makeAuction({
      status: AuctionStatus.Sold,
      endTime: new Date(Date.now() - 5 * 60_000).toISOString(),
      winner: { _id: 'w-000000001', id: 'w-000000001', name: 'ليلى' },
    });
    renderWithApp(<AuctionCard auction={sold} live={false} />, {
      user: makeUser({ _id: 'other-0000001' }),
      api: ratingApi,
    });
    expect(screen.queryByRole('link', { name: /المحادثة/ })).not.toBeInTheDocument();
    expect(screen.getByText('تم بيع هذا المنتج.')).toBeInTheDocument();
  });

  it('colours the countdown by the time left on the server clock', () => {
    setServerOffset(0);
    const auction = makeAuction({ endTime: new Date(Date.now() + 3 * 60_000).toISOString() });
    renderWithApp(<AuctionCard auction={auction} live={false} />, { api: ratingApi });
    expect(document.querySelector('.countdown__text')).toHaveClass('countdown--red');
  });

  it('re-renders only its countdown each second, and stops taking bids when the end comes', () => {
    vi.useFakeTimers();
    try {
      const auction = makeAuction({ endTime: new Date(Date.now() + 3_500).toISOString() });
      renderWithApp(<AuctionCard auction={auction} live={false} />, { api: ratingApi });
      const value = () => document.querySelector('.countdown__value')?.textContent;
      const first = value();
      const cardRenders = vi.mocked(statusTone).mock.calls.length;
      act(() => vi.advanceTimersByTime(2_000));
      expect(value()).not.toBe(first);
      expect(vi.mocked(statusTone).mock.calls.length).toBe(cardRenders);
      expect(screen.getByRole('button', { name: /زايد الآن/ })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(2_000));
      expect(screen.queryByRole('button', { name: /زايد الآن/ })).not.toBeInTheDocument();
      expect(screen.getByText('انتهى المزاد')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
