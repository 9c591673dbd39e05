import { AuctionStatus, SocketEvents, type Auction } from '@mazad/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAuction, makeBid, makeLiveView } from '@/testing/auction-fixtures';
import { emitted, serverEmit, simulateConnect } from '@/testing/fake-socket';
import { callsTo, makeSettings, makeUser, mockApi, renderApp, storeSession } from '@/testing/test-utils';
import { BUY_NOW_SUCCESS } from '../lib/messages';
import { LOAD_ERROR_MESSAGE } from './auction-detail-page';

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
    expect(screen.getByRole('button', { name: /حفظ/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /مشاركة/ })).toBeInTheDocument();
  });

  it("a member saves the auction: PUT, the button turns pressed with the new count; the room's watch_count moves it live", async () => {
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
    const save = await screen.findByRole('button', { name: /حفظ/, pressed: false });
    expect(save).toHaveTextContent('(1 متابع)');
    fireEvent.click(save);
    const saved = await screen.findByRole('button', { name: /محفوظ/, pressed: true });
    expect(saved).toHaveTextContent('(2 متابع)');
    expect(callsTo(fetchMock, `PUT /api/auctions/${ID}/watch`)).toHaveLength(1);
    expect(await screen.findByText('تم حفظ المزاد في قائمة المتابعة')).toBeInTheDocument();

    act(() => serverEmit(SocketEvents.WatchCount, { auctionId: ID, watchCount: 5 }));
    expect(await screen.findByRole('button', { name: /محفوظ/, pressed: true })).toHaveTextContent('(5 متابع)');
    act(() => serverEmit(SocketEvents.WatchCount, { auctionId: 'another-auction', watchCount: 9 }));
    expect(screen.getByRole('button', { name: /محفوظ/ })).toHaveTextContent('(5 متابع)');
  });

  it('a visitor who presses «حفظ» is sent to sign in', async () => {
    serve(makeAuction({ watchCount: 0 }));
    const { router } = renderApp(`/auction/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: /حفظ/ }));
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

  it('shows a missing auction as an error toast and goes home', async () => {
    mockApi({
      [`GET /api/auctions/${ID}`]: () => ({
        status: 404,
        body: { statusCode: 404, code: 'AUCTION_NOT_FOUND', message: 'المزاد غير موجود', error: 'المزاد غير موجود' },
      }),
    });
    const { router } = renderApp(`/auction/${ID}`);
    expect(await screen.findByText(LOAD_ERROR_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Only the page's own message: the raw server text is not toasted as well.
    expect(screen.queryByText('المزاد غير موجود')).not.toBeInTheDocument();
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
    expect(input).toHaveValue('21');
    fireEvent.change(input, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ الحد الأقصى' }));
    expect(await screen.findByText('تم حفظ حدك الأقصى، وأنت صاحب أعلى مزايدة')).toBeInTheDocument();
    expect(currentPrice()).toHaveTextContent('21.000 د.أ');
    expect(await screen.findByTestId('own-max-bid')).toHaveTextContent('60.000 د.أ');
    expect(screen.getByText('تلقائية')).toBeInTheDocument();
    expect(callsTo(fetchMock, `PUT /api/auctions/${ID}/max-bid`)).toEqual([{ amount: 60 }]);
    const init = fetchMock.mock.calls.find(([url, i]) => String(url).endsWith('/max-bid') && i?.method === 'PUT')![1];
    expect(((init as RequestInit).headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers to buy now when a maximum reaches the buy-now price', async () => {
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
    fireEvent.change(input, { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ الحد الأقصى' }));
    const alert = await screen.findByText(/يمكنك الشراء الفوري بدلاً من ذلك/, { selector: '.field__error' });
    expect(alert).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /اشترِ الآن بسعر/ })).toBeInTheDocument();
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
    const init = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/bid'))![1] as RequestInit;
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
    fireEvent.click(screen.getByRole('button', { name: 'شراء فوري' }));
    const dialog = screen.getByRole('alertdialog', { name: 'تأكيد الشراء الفوري' });
    expect(dialog).toHaveTextContent('ساعة يد كلاسيكية');
    expect(dialog).toHaveTextContent('500.000 د.أ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأكيد الشراء' }));
    expect(await screen.findByText(BUY_NOW_SUCCESS)).toBeInTheDocument();
    expect(screen.getByText(/تهانينا! لقد فزت بهذا المزاد/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'الشراء الفوري' })).not.toBeInTheDocument();
  });

  it('gives the seller the owner notice, edit and delete, and no buy-now box', async () => {
    const fetchMock = serve(
      makeAuction({ buyNowPrice: 500, hasBuyNow: true }),
      signIn(SELLER, { [`DELETE /api/auctions/${ID}`]: () => ({ success: true, message: 'تم حذف المزاد بنجاح' }) }),
    );
    const { router } = renderApp(`/auction/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('أنت صاحب هذا المزاد')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'الشراء الفوري' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تعديل المزاد' })).toHaveAttribute('href', `/edit-auction/${ID}`);
    expect(screen.getByText('لا يمكن تعديل المزاد أو حذفه بعد وجود مزايدات عليه.')).toBeInTheDocument();

    fireEvent.click(await screen.findByRole('button', { name: 'تأكيد المزايدة' }));
    expect(
      await screen.findByText('لا يمكنك المزايدة على مزادك الخاص', { selector: '.toast__message' }),
    ).toBeInTheDocument();

    // The dialog's code loads when the seller asks to delete (not with the page).
    fireEvent.click(screen.getByRole('button', { name: 'حذف المزاد' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'حذف المزاد' })).getByRole('button', {
        name: 'نعم، احذف المزاد',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(fetchMock, `DELETE /api/auctions/${ID}`)).toHaveLength(1);
    expect(await screen.findByText('تم حذف المزاد بنجاح')).toBeInTheDocument();
  });

  it('disables edit and delete once bids exist', async () => {
    serve(makeAuction({ bidCount: 1, bids: [makeBid()] }), signIn(SELLER));
    renderApp(`/auction/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('button', { name: 'تعديل المزاد' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'حذف المزاد' })).toBeDisabled();
  });

  it('offers the chat to the winner inside the window after a sale', async () => {
    const end = Date.now() - 3 * 60_000;
    serve(
      makeAuction({
        status: AuctionStatus.Sold,
        endTime: new Date(end).toISOString(),
        winner: { _id: MEMBER._id, id: MEMBER._id, name: MEMBER.name },
      }),
      signIn(MEMBER),
    );
    renderApp(`/auction/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(/تهانينا/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'محادثة البائع' })).toHaveAttribute('href', `/messages?auction=${ID}`);
    expect(screen.queryByRole('button', { name: 'تأكيد المزايدة' })).not.toBeInTheDocument();
  });
});
