import { FIELDS } from '@mazad/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAuction } from '@/testing/auction-fixtures';
import { callsTo, makeUser, mockApi, renderApp, storeSession } from '@/testing/test-utils';
import * as m from '../lib/messages';
import { PROFILE_LOAD_ERROR } from '../lib/messages';

const user = makeUser({ _id: 'u-000000abcdef', id: 'u-000000abcdef' });
const stats = {
  success: true,
  totalAuctions: 4,
  activeAuctions: 1,
  soldAuctions: 2,
  unsoldAuctions: 1,
  totalBids: 7,
  wonAuctions: 3,
};

function api(overrides: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    'GET /api/auth/me': () => ({ user }),
    'GET /api/messages/unread-count': () => ({ success: true, count: 0 }),
    [`GET /api/users/${user._id}`]: () => ({ success: true, user }),
    [`GET /api/users/${user._id}/stats`]: () => stats,
    [`GET /api/auctions/user/${user._id}`]: () => ({ success: true, auctions: [] }),
    [`GET /api/auctions/user/${user._id}/won`]: () => ({ success: true, auctions: [] }),
    [`GET /api/users/${user._id}/won-archived-auctions`]: () => ({
      success: true,
      archivedAuctions: [],
      total: 0,
      page: 1,
      limit: 20,
    }),
    ...overrides,
  });
}

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

describe('/profile/{id}', () => {
  it('never shows an email or a phone', async () => {
    const other = makeUser({
      _id: 'o-1',
      id: 'o-1',
      name: 'خالد سمير',
      email: 'khaled@example.jo',
      phone: '0790000000',
    });
    mockApi({
      'GET /api/users/o-1': () => ({ success: true, user: other }),
      'GET /api/users/o-1/stats': () => stats,
      'GET /api/users/o-1/rating-stats': () => ({ success: true, averageRating: 4.5, validRatings: 2 }),
      'GET /api/users/o-1/ratings': () => ({ success: true, ratings: [] }),
      'GET /api/auctions/user/o-1': () => ({ success: true, auctions: [] }),
    });
    renderApp('/profile/o-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'خالد سمير' })).toBeInTheDocument();
    expect(await screen.findByText(/التقييم/, { selector: '[data-testid="rating-summary"]' })).toHaveTextContent('4.5');
    expect(document.body.textContent).not.toContain('khaled@example.jo');
    expect(document.body.textContent).not.toContain('0790000000');
  });

  it('appears with its lists, so nothing is pushed down and no list says "none" before it is known', async () => {
    const other = makeUser({ _id: 'o-2', id: 'o-2', name: 'ليلى حسن' });
    let answerAuctions: (body: unknown) => void = () => {};
    mockApi({
      'GET /api/users/o-2': () => ({ success: true, user: other }),
      'GET /api/users/o-2/stats': () => stats,
      'GET /api/users/o-2/rating-stats': () => ({ success: true, averageRating: 0, validRatings: 0 }),
      'GET /api/users/o-2/ratings': () => ({ success: true, ratings: [] }),
      'GET /api/auctions/user/o-2': () => new Promise((resolve) => (answerAuctions = resolve)),
    });
    renderApp('/profile/o-2');
    expect(await screen.findByText('جارٍ تحميل الملف الشخصي…')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByRole('heading', { level: 1, name: 'ليلى حسن' })).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('لا توجد مزادات حالية');

    answerAuctions({ success: true, auctions: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'ليلى حسن' })).toBeInTheDocument();
    expect(screen.getByText('لا توجد مزادات حالية لهذا العضو.')).toBeInTheDocument();
  });
});

describe('profile image upload', () => {
  const png = () => new File([new Uint8Array(8)], 'me.png', { type: 'image/png' });
  const answer = (status: number) => () => ({ status, body: { statusCode: status, message: 'رسالة الخادم' } });

  it.each([
    [403, m.IMAGE_FORBIDDEN],
    [413, m.IMAGE_TOO_LARGE],
    [400, 'رسالة الخادم'],
  ])('words a %i answer as the product does (its own text for 401, 403, 413)', async (status, text) => {
    storeSession(user);
    api({ 'PUT /api/users/profile-image': answer(status) });
    renderApp('/profile');
    fireEvent.change(await screen.findByLabelText('تغيير الصورة الشخصية'), { target: { files: [png()] } });
    expect(await screen.findAllByText(text)).not.toHaveLength(0);
  });

  it('sends a 401 to the login page with the session-expired message', async () => {
    storeSession(user);
    api({ 'PUT /api/users/profile-image': answer(401) });
    const { router } = renderApp('/profile');
    fireEvent.change(await screen.findByLabelText('تغيير الصورة الشخصية'), { target: { files: [png()] } });
    expect(await screen.findByText(m.IMAGE_SESSION_EXPIRED)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('uploads the file in the profileImage field and shows the new image', async () => {
    storeSession(user);
    const updated = { ...user, profileImage: '/uploads/me.webp' };
    const fetchMock = api({
      'PUT /api/users/profile-image': () => ({
        success: true,
        message: m.IMAGE_UPDATED,
        user: updated,
        profileImage: updated.profileImage,
      }),
    });
    renderApp('/profile');
    fireEvent.change(await screen.findByLabelText('تغيير الصورة الشخصية'), { target: { files: [png()] } });
    expect(await screen.findByText(m.IMAGE_UPDATED)).toBeInTheDocument();
    const [sent] = callsTo(fetchMock, 'PUT /api/users/profile-image') as FormData[];
    expect((sent.get('profileImage') as File).name).toBe('me.png');
    await waitFor(() =>
      expect(document.querySelector('img.profile-avatar')).toHaveAttribute('src', '/uploads/me.webp'),
    );
  });
});

describe('credentials: a new email needs the code sent to it', () => {
  it('asks for the code after the request and applies the email only with it', async () => {
    storeSession(user);
    const newEmail = 'new.address@example.com';
    const changed = { ...user, email: newEmail };
    const fetchMock = api({
      'PUT /api/users/change-credentials': () => ({
        success: true,
        message: 'إن كان البريد الإلكتروني الجديد متاحاً فقد أرسلنا إليه رمز تأكيد، أدخله لإتمام تغيير البريد',
        token: 'test-token',
        user,
        pendingEmail: newEmail,
      }),
      'POST /api/users/confirm-email-change': () => ({
        success: true,
        message: 'تم تغيير البريد الإلكتروني بنجاح',
        user: changed,
      }),
    });
    renderApp('/profile');
    const email = await screen.findByLabelText('البريد الإلكتروني');
    fireEvent.change(email, { target: { value: newEmail } });
    fireEvent.change(screen.getByLabelText('كلمة المرور الحالية'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'تحديث بيانات الدخول' }));

    const code = await screen.findByLabelText('رمز التأكيد');
    expect(screen.getByText(newEmail)).toBeInTheDocument();
    // The server does not say whether the address is free, so neither does the screen.
    expect(screen.getByText(/فربما يكون هذا البريد مستخدماً لحساب آخر/)).toBeInTheDocument();
    // A malformed code is refused in the browser, with the Arabic message.
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'تأكيد البريد الإلكتروني' }));
    expect(await screen.findByText(FIELDS.otpCode.messages.invalid!)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/users/confirm-email-change')).toHaveLength(0);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'تأكيد البريد الإلكتروني' }));
    expect(await screen.findByText('تم تغيير البريد الإلكتروني بنجاح')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/users/confirm-email-change')).toEqual([{ code: '123456' }]);
    await waitFor(() => expect(screen.queryByLabelText('رمز التأكيد')).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('user')!).email).toBe(newEmail);
  });
});
