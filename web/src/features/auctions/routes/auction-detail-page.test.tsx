import { AuctionStatus, SocketEvents, type Auction } from '@mazad/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAuction, makeBid, makeLiveView } from '@/testing/auction-fixtures';
import { emitted, serverEmit, simulateConnect } from '@/testing/fake-socket';
import { callsTo, makeSettings, makeUser, mockApi, renderApp, storeSession } from '@/testing/test-utils';
import { BUY_NOW_SUCCESS } from '../lib/messages';
import { OFFLINE_MESSAGE } from './auction-detail-page';

const ID = 'auction-0000000001';
const SELLER = makeUser({ _id: 'seller-0000000001', id: 'seller-0000000001', name: 'خالد سمير' });
const MEMBER = makeUser({ _id: 'member-000000001', id: 'member-000000001', name: 'ليلى حسن' });

function serve(auction: Auction, extra: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    [`GET /api/auctions/${ID}`]: () => auction,
    [`GET /api/users/${auction.seller._id}/rating-stats`]: () => ({
      success: true,
      averageRating: 4.5,
      validRatings: 2,
    }),
    'GET /api/time': () => ({ serverTime: new Date().toISOString(), epochMs: Date.now() }),
    'GET /api/settings': () => makeSettings(),
    ...extra,
  });
}

function signIn(
  user: ReturnType<typeof makeUser>,
  handlers: Record<string, Parameters<typeof mockApi>[0][string]> = {},
) {
  storeSession(user);
  return {
    'GET /api/auth/me': () => ({ user }),
    'GET /api/messages/unread-count': () => ({ success: true, count: 0 }),
    ...handlers,
  };
}

const currentPrice = () => screen.getByTestId('current-price');

describe('auction detail page', () => {
  it('shows the auction to a visitor with its prices, buy-now box and an invitation to join', async () => {
    serve(makeAuction({ currentPrice: 120.5, startingPrice: 50, buyNowPrice: 500, hasBuyNow: true }));
    renderApp(`/auction/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'ساعة يد كلاسيكية' })).toBeInTheDocument();
    expect(currentPrice()).toHaveTextContent('120.500 د.أ');
    expect(screen.getByText('الحالة:', { exact: false }).parentElement).toHaveTextContent('نشط');
    expect(screen.getByRole('region', { name: 'الشراء الفوري' })).toBeInTheDocument();
    expect(screen.getByText(/انضم إلى مزاد/)).toBeInTheDocument();
    expect(screen.getByText('لا توجد صور متاحة')).toBeInTheDocument();
    expect(await screen.findByText(/90 ثانية/)).toBeInTheDocument();
    expect(await screen.findByLabelText(/\(تقييمان\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /العودة إلى الصفحة الرئيسية/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: /متابعة/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /حفظ/ })).toBeNull();
    expect(screen.getByRole('button', { name: /مشاركة/ })).toBeInTheDocument();
    // The end as a date, the time left as days and hours.
    expect(screen.getByTestId('end-date')).toHaveTextContent(/^ينتهي /);
  });

  it("a member watches the auction: PUT, the button turns pressed with the new count; the room's watch_count moves it live", async () => {
    const fetchMock = serve(
      makeAuction({ watchCount: 1, watchedByMe: false }),
      signIn(MEMBER, {
        [`PUT /api/auctions/${ID}/watch`]: () => ({
          success: true,
          message: 'تم حفظ المزاد في قائمة المتابعة',
          auctionId: ID,
          watched: true,
          watchCount: 2,
        }),
      }),
    );
    renderApp(`/auction/${ID}`);
    const save = await screen.findByRole('button', { name: /متابعة/, pressed: false });
    expect(save).toHaveTextContent('(1 متابع)');
    fireEvent.click(save);
    const saved = await screen.findByRole('button', { name: /متابَع/, pressed: true });
    expect(saved).toHaveTextContent('(2 متابع)');
    expect(callsTo(fetchMock, `PUT /api/auctions/${ID}/watch`)).toHaveLength(1);
    expect(await screen.findByText('تم حفظ المزاد في قائمة المتابعة')).toBeInTheDocument();

    act(() => serverEmit(SocketEvents.WatchCount, { auctionId: ID, watchCount: 5 }));
    expect(await screen.findByRole('button', { name: /متابَع/, pressed: true })).toHaveTextContent('(5 متابع)');
    act(() => serverEmit(SocketEvents.WatchCount, { auctionId: 'another-auction', watchCount: 9 }));
    expect(screen.getByRole('button', { name: /متابَع/ })).toHaveTextContent('(5 متابع)');
  });

  it('a visitor who presses «متابعة» is sent to sign in', async () => {
    serve(makeAuction({ watchCount: 0 }));
    const { router } = renderApp(`/auction/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: /متابعة/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("states the server's configured bid extension, and no figure before the server has said it", async () => {
    let answer: (value: unknown) => void = () => {};
    const settings = new Promise((resolve) => (answer = resolve));
    serve(makeAuction(), { 'GET /api/settings': () => settings });
    renderApp(`/auction/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/يتم تمديد المزاد تلقائياً/)).not.toBeInTheDocument();
    answer(makeSettings({ bidExtensionSeconds: 120 }));
    expect(await screen.findByText(/يتم تمديد المزاد تلقائياً دقيقتين بعد كل مزايدة جديدة/)).toBeInTheDocument();
    expect(screen.queryByText(/90 ثانية/)).not.toBeInTheDocument();
  });

  it('an address with the id in upper case reads and watches the auction under its one spelling', async () => {
    serve(makeAuction({ bidCount: 0, currentPrice: 120.5 }));
    renderApp(`/auction/${ID.toUpperCase()}`);
    await screen.findByRole('heading', { level: 1 });
    act(() => simulateConnect());
    expect(emitted).toContainEqual([SocketEvents.JoinAuction, ID, expect.any(Function)]);
    // Events name the auction by its `_id`, in lower case: this page applies them.
    const bid = makeBid({ amount: 130 });
    act(() =>
      serverEmit(SocketEvents.NewBid, {
        auction: makeLiveView(makeAuction({ bidCount: 1, currentPrice: 130, bids: [bid] })),
        bid,
      }),
    );
    expect(await screen.findByText('مزايدة جديدة: 130.000 د.أ')).toBeInTheDocument();
    expect(currentPrice()).toHaveTextContent('130.000 د.أ');
  });

  it('joins the room on load and leaves it on exit', async () => {
    serve(makeAuction());
    const { router } = renderApp(`/auction/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    act(() => simulateConnect());
    expect(emitted).toContainEqual([SocketEvents.JoinAuction, ID, expect.any(Function)]);
    await act(() => router.navigate('/about'));
    await waitFor(() => expect(emitted).toContainEqual([SocketEvents.LeaveAuction, ID]));
  });

  it('a missing auction says it is no longer available, stays on its address and offers open auctions', async () => {
    mockApi({
      [`GET /api/auctions/${ID}`]: () => ({
        status: 404,
        body: { statusCode: 404, code: 'AUCTION_NOT_FOUND', message: 'المزاد غير موجود', error: 'المزاد غير موجود' },
      }),
      'GET /api/auctions': () => ({ auctions: [makeAuction({ _id: 'other-1', id: 'other-1', title: 'دراجة' })] }),
    });
    const { router } = renderApp(`/auction/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'لم يعد هذا المزاد متاحاً' })).toBeInTheDocument();
    expect(screen.getByText(/ربما حذفه البائع/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /دراجة/ })).toHaveAttribute('href', '/auction/other-1');
    expect(router.state.location.pathname).toBe(`/auction/${ID}`);
  });

  it('an auction an operator removed says so and offers open auctions of its category', async () => {
    const fetchMock = mockApi({
      [`GET /api/auctions/${ID}`]: () => ({
        status: 404,
        body: {
          statusCode: 404,
          code: 'AUCTION_NOT_FOUND',
          message: 'المزاد غير موجود',
          error: 'المزاد غير موجود',
          gone: { reason: 'removed', category: 'سيارات' },
        },
      }),
      'GET /api/auctions': () => ({ auctions: [] }),
    });
    renderApp(`/auction/${ID}`);
    expect(await screen.findByText(/أزال فريق مزاد هذا المزاد/)).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('category='))).toBe(true));
    const listCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/auctions?'))!;
    expect(decodeURIComponent(String(listCall[0]))).toContain('category=سيارات');
  });

  it('offline, the page says so (not that the auction is missing) and offers to try again', async () => {
    mockApi({ [`GET /api/auctions/${ID}`]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const { router } = renderApp(`/auction/${ID}`);
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
    expect(screen.queryByText(/غير موجود/)).toBeNull();
    expect(router.state.location.pathname).toBe(`/auction/${ID}`);
  });

  it('applies live events: new bid price and toast, bought, ended, errors', async () => {
    const first = makeBid({ amount: 120 });
    serve(makeAuction({ currentPrice: 120, bidCount: 1, bids: [first] }));
    renderApp(`/auction/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    const bid = makeBid({
      amount: 130,
      createdAt: '2025-06-01T11:00:00.000Z',
      bidder: { _id: 'x', id: 'x', name: 'سامر' },
    });
    act(() =>
      serverEmit(SocketEvents.NewBid, {
        auction: makeLiveView(makeAuction({ currentPrice: 130, bidCount: 2, bids: [first, bid] })),
        bid,
      }),
    );
    expect(await screen.findByText('مزايدة جديدة: 130.000 د.أ')).toBeInTheDocument();
    expect(currentPrice()).toHaveTextContent('130.000 د.أ');
    expect(within(screen.getByRole('list', { name: /سجل المزايدات/ })).getAllByRole('listitem')[0]).toHaveTextContent(
      'سامر',
    );

    const sold = makeAuction({
      status: AuctionStatus.Sold,
      currentPrice: 500,
      bidCount: 2,
      winner: { _id: 'b', id: 'b', name: 'منى' },
    });
    act(() => serverEmit(SocketEvents.AuctionBought, { auction: sold, buyer: { _id: 'b', name: 'منى' } }));
    expect(await screen.findByText('تم شراء المزاد بواسطة منى')).toBeInTheDocument();
    expect(screen.getByText(/تم بيع هذا المزاد/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'الشراء الفوري' })).not.toBeInTheDocument();

    act(() => serverEmit(SocketEvents.AuctionEnded, { auction: sold }));
    expect(await screen.findByText('انتهى المزاد', { selector: '.toast__message' })).toBeInTheDocument();
    act(() => serverEmit('error', { message: 'المعرّف غير صالح', code: 'INVALID_ID' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('المعرّف غير صالح');
  });

  it('lets a member set a maximum: the answer moves the price, and only they see their maximum', async () => {
    const auction = makeAuction({ currentPrice: 20, buyNowPrice: 90 });
    const answered = { ...auction, currentPrice: 21, bidCount: 1, bids: [makeBid({ amount: 21, isAutomatic: true })] };
    const fetchMock = serve(
      auction,
      signIn(MEMBER, {
        [`GET /api/auctions/${ID}/max-bid`]: () => ({ success: true, maxBid: null }),
        [`PUT /api/auctions/${ID}/max-bid`]: (body) => ({
          success: true,
          message: 'تم حفظ حدك الأقصى، وأنت صاحب أعلى مزايدة',
          auction: answered,
          maxBid: { amount: (body as { amount: number }).amount, setAt: '2026-01-01T10:00:00.000Z' },
          leading: true,
        }),
      }),
    );
    renderApp(`/auction/${ID}`);
    const input = await screen.findByLabelText('الحد الأقصى (د.أ)');
    expect(input).toHaveValue('');
    fireEvent.change(input, { target: { value: '28' } });
    fireEvent.click(await screen.findByRole('button', { name: 'زايد تلقائياً حتى 28.000 د.أ' }));
    expect(await screen.findByText('تم حفظ حدك الأقصى، وأنت صاحب أعلى مزايدة')).toBeInTheDocument();
    expect(currentPrice()).toHaveTextContent('21.000 د.أ');
    expect(await screen.findByTestId('own-max-bid')).toHaveTextContent('28.000 د.أ');
    expect(screen.getByText('تلقائية')).toBeInTheDocument();
    expect(callsTo(fetchMock, `PUT /api/auctions/${ID}/max-bid`)).toEqual([{ amount: 28 }]);
    const init = fetchMock.mock.calls.find(
      ([url, i]) => String(url).includes('/max-bid?view=live') && i?.method === 'PUT',
    )![1];
    expect(((init as RequestInit).headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers to buy now when the server refuses a maximum at the buy-now price', async () => {
    const auction = makeAuction({ currentPrice: 20, buyNowPrice: 90 });
    serve(
      auction,
      signIn(MEMBER, {
        [`GET /api/auctions/${ID}/max-bid`]: () => ({ success: true, maxBid: null }),
        [`PUT /api/auctions/${ID}/max-bid`]: () => ({
          status: 409,
          body: {
            statusCode: 409,
            code: 'MAX_BID_AT_BUY_NOW',
            message: 'الحد الأقصى يبلغ سعر الشراء الفوري أو يتجاوزه، يمكنك الشراء الفوري بدلاً من ذلك',
            error: 'الحد الأقصى يبلغ سعر الشراء الفوري أو يتجاوزه، يمكنك الشراء الفوري بدلاً من ذلك',
          },
        }),
      }),
    );
    renderApp(`/auction/${ID}`);
    const input = await screen.findByLabelText('الحد الأقصى (د.أ)');
    // 25 is an ordinary maximum for this client; the server (its buy-now price changed) refuses it.
    fireEvent.change(input, { target: { value: '25' } });
    fireEvent.click(await screen.findByRole('button', { name: /زايد تلقائياً حتى/ }));
    expect(await screen.findByTestId('buy-now-offer')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /شراء فوري بسعر 90.000/ }));
    expect(await screen.findByRole('alertdialog', { name: 'تأكيد الشراء الفوري' })).toBeInTheDocument();
  });

  it('places a bid for a member and says so', async () => {
    const auction = makeAuction({ currentPrice: 120 });
    const fetchMock = serve(
      auction,
      signIn(MEMBER, {
        [`POST /api/auctions/${ID}/bid`]: (body) => ({
          success: true,
          message: 'تمت إضافة المزايدة بنجاح',
          auction: { ...auction, currentPrice: (body as { amount: number }).amount, bidCount: 1 },
          bid: makeBid({ amount: (body as { amount: number }).amount }),
        }),
      }),
    );
    renderApp(`/auction/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    const input = await screen.findByLabelText('مبلغ المزايدة (د.أ)');
    expect(input).toHaveValue('125');
    fireEvent.change(input, { target: { value: '130' } });
    fireEvent.click(screen.getByRole('button', { name: 'تأكيد المزايدة' }));
    expect(await screen.findByText('تمت إضافة المزايدة بنجاح')).toBeInTheDocument();
    expect(currentPrice()).toHaveTextContent('130.000 د.أ');
    expect(callsTo(fetchMock, `POST /api/auctions/${ID}/bid`)).toEqual([{ amount: 130 }]);
    const init = fetchMock.mock.calls.find(([url]) => String(url).includes('/bid?'))![1] as RequestInit;
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's message when a bid is refused", async () => {
    serve(
      makeAuction({ currentPrice: 120 }),
      signIn(MEMBER, {
        [`POST /api/auctions/${ID}/bid`]: () => ({
          status: 400,
          body: {
            statusCode: 400,
            code: 'BID_TOO_LOW',
            message: 'يجب أن تكون المزايدة أعلى من السعر الحالي',
            error: 'يجب أن تكون المزايدة أعلى من السعر الحالي',
          },
        }),
      }),
    );
    renderApp(`/auction/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(await screen.findByRole('button', { name: 'تأكيد المزايدة' }));
    await waitFor(() =>
      expect(screen.getAllByText('يجب أن تكون المزايدة أعلى من السعر الحالي').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('buys now after a confirmation naming the item and the price, then congratulates the winner', async () => {
    const auction = makeAuction({ currentPrice: 120, buyNowPrice: 500, hasBuyNow: true });
    serve(
      auction,
      signIn(MEMBER, {
        [`POST /api/auctions/${ID}/buy-now`]: () => ({
          success: true,
          message: BUY_NOW_SUCCESS,
          auction: {
            ...auction,
            status: AuctionStatus.Sold,
            currentPrice: 500,
            winner: { _id: MEMBER._id, id: MEMBER._id, name: MEMBER.name },
          },
        }),
      }),
    );
    renderApp(`/auction/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(
      within(screen.getByRole('region', { name: 'الشراء الفوري' })).getByRole('button', { name: 'شراء فوري' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'تأكيد الشراء الفوري' });
    expect(dialog).toHaveTextContent('ساعة يد كلاسيكية');
    expect(dialog).toHaveTextContent('500.000 د.أ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأكيد الشراء' }));
    expect(await screen.findByText(BUY_NOW_SUCCESS)).toBeInTheDocument();
    expect(await screen.findByText(/مبروك! فزت بهذا المزاد/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'الشراء الفوري' })).not.toBeInTheDocument();
  });

  it('gives the seller manage actions instead of a bid form, and no buy-now box', async () => {
    const fetchMock = serve(
      makeAuction({ buyNowPrice: 500, hasBuyNow: true, bidCount: 0, bids: [] }),
      signIn(SELLER, { [`DELETE /api/auctions/${ID}`]: () => ({ success: true, message: 'تم حذف المزاد بنجاح' }) }),
    );
    const { router } = renderApp(`/auction/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    const box = screen.getByRole('region', { name: 'إدارة مزادك' });
    expect(box).toHaveTextContent('أنت صاحب هذا المزاد');
    expect(screen.queryByRole('region', { name: 'الشراء الفوري' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('مبلغ المزايدة (د.أ)')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تأكيد المزايدة' })).not.toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'تعديل المزاد' })).toHaveAttribute('href', `/edit-auction/${ID}`);
    // The phone's bar leads the seller to the manage actions, not to bidding.
    const bar = screen.getByTestId('sticky-bid-bar');
    expect(within(bar).getByRole('button', { name: 'إدارة المزاد' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'زايد' })).toBeNull();

    // The dialog's code loads when the seller asks to delete (not with the page).
    fireEvent.click(within(box).getByRole('button', { name: 'حذف المزاد' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'حذف المزاد' })).getByRole('button', {
        name: 'نعم، احذف المزاد',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(fetchMock, `DELETE /api/auctions/${ID}`)).toHaveLength(1);
    expect(await screen.findByText('تم حذف المزاد بنجاح')).toBeInTheDocument();
  });

  it('drops edit and delete once bids exist, and says why', async () => {
    serve(makeAuction({ bidCount: 1, bids: [makeBid()] }), signIn(SELLER));
    renderApp(`/auction/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'تعديل المزاد' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'حذف المزاد' })).toBeNull();
    expect(screen.getByText('لا يمكن تعديل المزاد أو حذفه بعد وجود مزايدات عليه.')).toBeInTheDocument();
  });

  it('tells the winner what happens next: message the seller, agree, confirm receipt asked once more', async () => {
    const fetchMock = serve(
      makeAuction({
        status: AuctionStatus.Sold,
        endTime: new Date(Date.now() - 3 * 60 * 60_000).toISOString(),
        winner: { _id: MEMBER._id, id: MEMBER._id, name: MEMBER.name },
        isDealConfirmed: false,
      }),
      signIn(MEMBER, {
        [`PATCH /api/auctions/${ID}/confirm-deal`]: () => ({ success: true, message: 'تم تأكيد الصفقة بنجاح' }),
      }),
    );
    renderApp(`/auction/${ID}`);
    const card = await screen.findByRole('region', { name: 'ماذا بعد البيع؟' });
    expect(within(card).getByRole('link', { name: /مراسلة خالد سمير/ })).toHaveAttribute(
      'href',
      `/messages?auction=${ID}`,
    );
    expect(card).toHaveTextContent('اتفقا على المكان والوقت وطريقة الدفع');
    // No dead bid boxes on a sold auction.
    expect(screen.queryByLabelText('مبلغ المزايدة (د.أ)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('الحد الأقصى (د.أ)')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sticky-bid-bar')).not.toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'تأكيد الاستلام' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'تأكيد استلام السلعة' });
    expect(dialog).toHaveTextContent('لا يمكن التراجع عن التأكيد');
    expect(callsTo(fetchMock, `PATCH /api/auctions/${ID}/confirm-deal`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'نعم، استلمت السلعة' }));
    expect(await screen.findByText('تم تأكيد الصفقة بنجاح')).toBeInTheDocument();
    expect(callsTo(fetchMock, `PATCH /api/auctions/${ID}/confirm-deal`)).toHaveLength(1);
  });

  it('tells a third party that a sold auction is gone and offers open auctions like it', async () => {
    serve(makeAuction({ status: AuctionStatus.Sold, winner: { _id: 'w', id: 'w', name: 'سامر' } }), {
      ...signIn(MEMBER),
      'GET /api/auctions': () => ({ auctions: [] }),
    });
    renderApp(`/auction/${ID}`);
    const notice = await screen.findByTestId('gone-notice');
    expect(notice).toHaveTextContent('انتهى هذا المزاد وبيعت السلعة.');
    expect(screen.queryByLabelText('مبلغ المزايدة (د.أ)')).not.toBeInTheDocument();
  });

  it('says under the price where the member stands, live: leading, then outbid with the next amount', async () => {
    const mine = makeBid({ amount: 50, bidder: { _id: MEMBER._id, id: MEMBER._id, name: MEMBER.name } });
    serve(
      makeAuction({ currentPrice: 50, bidCount: 1, bids: [mine] }),
      signIn(MEMBER, {
        [`GET /api/auctions/${ID}/max-bid`]: () => ({ success: true, maxBid: null }),
      }),
    );
    renderApp(`/auction/${ID}`);
    expect(await screen.findByText('أنت صاحب أعلى مزايدة')).toBeInTheDocument();
    const rival = makeBid({
      amount: 60,
      isAutomatic: true,
      createdAt: '2025-06-01T11:00:00.000Z',
      bidder: { _id: 'rival', id: 'rival', name: 'سامر' },
    });
    act(() =>
      serverEmit(SocketEvents.NewBid, {
        auction: makeLiveView(makeAuction({ currentPrice: 60, bidCount: 2, bids: [mine, rival] })),
        bid: rival,
      }),
    );
    const standing = await screen.findByTestId('standing');
    await waitFor(() => expect(standing).toHaveTextContent('تم تجاوز مزايدتك'));
    expect(standing).toHaveTextContent('61.000 د.أ');
    expect(screen.queryByText('أنت صاحب أعلى مزايدة')).toBeNull();
    // The outbid member hears it as such, not as anyone's new bid.
    expect(await screen.findByText('تم تجاوز مزايدتك: السعر الآن 60.000 د.أ')).toBeInTheDocument();
  });
});
