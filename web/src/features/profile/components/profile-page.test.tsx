import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAuction } from '@/testing/auction-fixtures';
import { callsTo, renderApp, storeSession } from '@/testing/test-utils';
import { PROFILE_LOAD_ERROR } from '../lib/messages';
import { api, user } from '../test-fixtures';

describe('/profile', () => {
  it('opens the tab named by ?tab= and writes the chosen tab into the URL', async () => {
    storeSession(user);
    api();
    const { router } = renderApp('/profile?tab=won');
    const tabs = await screen.findByRole('tablist', { name: 'أقسام الملف الشخصي' });
    expect(within(tabs).getAllByRole('tab')).toHaveLength(8);
    expect(within(tabs).getByRole('tab', { name: 'المزادات الفائزة' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('لا توجد مزادات فائزة نشطة.')).toBeInTheDocument();

    fireEvent.click(within(tabs).getByRole('tab', { name: 'مزاداتي' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=auctions'));
    expect(within(tabs).getByRole('tab', { name: 'مزاداتي' })).toHaveAttribute('aria-selected', 'true');

    // Keyboard: ArrowLeft moves forward in a right-to-left list.
    fireEvent.keyDown(within(tabs).getByRole('tab', { name: 'مزاداتي' }), { key: 'ArrowLeft' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=bids'));

    fireEvent.click(within(tabs).getByRole('tab', { name: 'الملف الشخصي' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('archived unsold auctions offer re-listing but no messages (an unsold auction has no chat)', async () => {
    storeSession(user);
    api({
      [`GET /api/users/${user._id}/archived-auctions`]: () => ({
        success: true,
        archivedAuctions: [
          {
            _id: 'ar-1',
            title: 'ساعة قديمة',
            category: 'إلكترونيات',
            status: 'غير مباع',
            finalPrice: 10,
            totalBids: 0,
          },
        ],
        total: 1,
        page: 1,
        limit: 20,
      }),
    });
    renderApp('/profile?tab=archived-unsold');
    expect(await screen.findByRole('link', { name: 'إعادة العرض: ساعة قديمة' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).queryByRole('link', { name: /رسائل/ })).not.toBeInTheDocument();
    expect(table.querySelector('a[href^="/messages"]')).toBeNull();
  });

  it('?tab=watchlist lists the saved auctions with their watchers, and «إزالة» unsaves one', async () => {
    storeSession(user);
    let saved = [makeAuction({ _id: 'a-1', title: 'ساعة محفوظة', watchCount: 3, watchedByMe: true })];
    const page = () => ({
      success: true,
      auctions: saved,
      pagination: { page: 1, limit: 20, total: saved.length, totalPages: 1, hasNext: false, hasPrev: false },
      serverTime: '2025-06-01T00:00:00.000Z',
    });
    const fetchMock = api({
      'GET /api/users/me/watchlist': page,
      'DELETE /api/auctions/a-1/watch': () => {
        saved = [];
        return {
          success: true,
          message: 'تمت إزالة المزاد من قائمة المتابعة',
          auctionId: 'a-1',
          watched: false,
          watchCount: 2,
        };
      },
    });
    renderApp('/profile?tab=watchlist');
    const table = await screen.findByRole('table', { name: 'قائمة المتابعة' });
    expect(within(table).getByRole('link', { name: 'ساعة محفوظة' })).toHaveAttribute('href', '/auction/a-1');
    expect(within(table).getByText('3')).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: 'إزالة من قائمة المتابعة: ساعة محفوظة' }));
    expect(await screen.findByText(/قائمة المتابعة فارغة/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/auctions/a-1/watch')).toHaveLength(1);
    expect(await screen.findByText('تمت إزالة المزاد من قائمة المتابعة')).toBeInTheDocument();
  });

  it('shows the six stat tiles and the archive button', async () => {
    storeSession(user);
    api();
    renderApp('/profile');
    const tiles = await screen.findByRole('list', { name: 'إحصائياتي' });
    expect(within(tiles).getAllByRole('listitem')).toHaveLength(6);
    expect(within(tiles).getByText('المزادات الفائزة').previousSibling).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'الأرشيف' })).toHaveAttribute('href', '/archive');
  });

  it('shows the error screen with back-home when the profile cannot load', async () => {
    storeSession(user);
    api({ [`GET /api/users/${user._id}/stats`]: () => ({ status: 500, body: { statusCode: 500, message: 'خطأ' } }) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: PROFILE_LOAD_ERROR })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toHaveAttribute('href', '/');
  });
});
