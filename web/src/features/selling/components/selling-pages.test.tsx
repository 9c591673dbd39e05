import { AuctionStatus, ERROR_MESSAGES, type Auction } from '@mazad/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, makeSettings, makeUser, mockApi, renderApp, storeSession } from '@/testing/test-utils';
import { relistState } from '../lib/relist';
import * as m from '../lib/messages';

const user = makeUser({ _id: 'seller-1', id: 'seller-1' });

function auction(overrides: Partial<Auction> = {}): Auction {
  return {
    _id: 'a-1',
    id: 'a-1',
    title: 'كرسي خشبي',
    description: 'كرسي بحالة جيدة',
    category: 'أثاث',
    status: AuctionStatus.Active,
    images: ['/uploads/one.webp'],
    imageUrl: null,
    startingPrice: 12.5,
    currentPrice: 12.5,
    buyNowPrice: 40,
    hasBuyNow: true,
    auctionDuration: '24h',
    endTime: '2099-01-01T00:00:00.000Z',
    bidCount: 0,
    bids: [],
    hasBeenEdited: false,
    seller: { _id: 'seller-1', id: 'seller-1', name: user.name, location: 'عمّان' },
    ...overrides,
  } as Auction;
}

function api(current: Auction, extra: Record<string, (body: unknown) => unknown> = {}) {
  storeSession(user);
  return mockApi({
    'GET /api/auth/me': () => ({ user }),
    'GET /api/messages/unread-count': () => ({ success: true, count: 0 }),
    'GET /api/settings': () => makeSettings({ auctionDurations: ['1h', '24h', '20s'] }),
    [`GET /api/auctions/${current._id}`]: () => current,
    ...extra,
  });
}

describe('/create-auction', () => {
  it('starts from an old auction when re-listing', async () => {
    api(auction());
    renderApp({ pathname: '/create-auction', state: relistState(auction({ auctionDuration: '20s' })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'إعادة عرض المزاد' })).toBeInTheDocument();
    expect(screen.getByLabelText('عنوان المزاد')).toHaveValue('كرسي خشبي');
    expect(screen.getByLabelText('الفئة')).toHaveValue('أثاث');
    expect(screen.getByLabelText('مدة المزاد')).toHaveValue('20s');
    expect(screen.getByLabelText(/السعر الابتدائي/)).toHaveValue('12.5');
    expect(screen.getByLabelText('إضافة سعر شراء فوري')).toBeChecked();
  });
});

describe('/edit-auction/{id}', () => {
  it('prefills the form under the one-edit warning', async () => {
    api(auction());
    renderApp('/edit-auction/a-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'تعديل المزاد' })).toBeInTheDocument();
    expect(screen.getByText(m.EDIT_ONCE_WARNING)).toBeInTheDocument();
    expect(screen.getByLabelText('عنوان المزاد')).toHaveValue('كرسي خشبي');
    expect(screen.getByLabelText(/سعر الشراء الفوري/)).toHaveValue('40');
    expect(screen.getByRole('img', { name: 'الصورة 1' })).toHaveAttribute('src', '/uploads/one.webp');
    expect(screen.getByRole('link', { name: 'إلغاء' })).toHaveAttribute('href', '/auction/a-1');
  });

  it.each([
    ['not the seller', { seller: { _id: 'x', id: 'x', name: 'آخر', location: '' } }, ERROR_MESSAGES.NOT_AUCTION_OWNER],
    ['has bids', { bidCount: 2 }, ERROR_MESSAGES.AUCTION_HAS_BIDS],
    ['already edited', { hasBeenEdited: true }, ERROR_MESSAGES.AUCTION_ALREADY_EDITED],
    ['not active', { status: AuctionStatus.Sold }, ERROR_MESSAGES.AUCTION_NOT_EDITABLE],
    ['past its end', { endTime: '2020-01-01T00:00:00.000Z' }, ERROR_MESSAGES.AUCTION_NOT_EDITABLE],
  ] as const)('refuses when %s: toast and home', async (_case, overrides, message) => {
    api(auction(overrides as Partial<Auction>));
    const { router } = renderApp('/edit-auction/a-1');
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('refuses a missing auction with the fetch-error toast', async () => {
    api(auction({ _id: 'other' }));
    const { router } = renderApp('/edit-auction/a-1');
    expect(await screen.findByText(m.EDIT_FETCH_ERROR)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('keeps the current images and removes an unticked buy-now price on save', async () => {
    const fetchMock = api(auction(), {
      'PUT /api/auctions/a-1': () => ({
        success: true,
        message: m.UPDATE_SUCCESS,
        auction: auction({ hasBeenEdited: true }),
      }),
    });
    const { router } = renderApp('/edit-auction/a-1');
    fireEvent.change(await screen.findByLabelText('عنوان المزاد'), { target: { value: 'كرسي خشبي قديم' } });
    fireEvent.click(screen.getByLabelText('إضافة سعر شراء فوري'));
    fireEvent.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText(m.UPDATE_SUCCESS)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auction/a-1'));
    expect(callsTo(fetchMock, 'PUT /api/auctions/a-1')).toEqual([
      {
        title: 'كرسي خشبي قديم',
        description: 'كرسي بحالة جيدة',
        category: 'أثاث',
        auctionDuration: '24h',
        startingPrice: 12.5,
        buyNowPrice: null,
        images: ['/uploads/one.webp'],
      },
    ]);
  });
});
