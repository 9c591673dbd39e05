import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, makeUser, mockApi, renderApp, storeSession } from '@/testing/test-utils';
import { listenerCount, serverEmit } from '@/testing/fake-socket';
import { LOGIN_TO_CREATE_MESSAGE } from './header';
import { MENU_CLOSE_DELAY_MS } from './user-menu';

const user = makeUser();
const admin = makeUser({ _id: 'a-1', id: 'a-1', name: 'مدير النظام', isAdmin: true });

function signedIn(who = user, count: number | (() => number) = 0) {
  storeSession(who);
  return mockApi({
    'GET /api/auth/me': () => ({ user: who }),
    'GET /api/messages/unread-count': () => ({ count: typeof count === 'function' ? count() : count }),
  });
}

afterEach(() => vi.useRealTimers());

describe('header, signed out', () => {
  it('offers login and register, and sends create-auction to /login with a toast', async () => {
    mockApi({});
    const { router } = renderApp('/about');
    await screen.findByRole('heading', { name: 'من نحن' });
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'إنشاء حساب' })).toHaveAttribute('href', '/register');
    fireEvent.click(screen.getByRole('button', { name: /إنشاء مزاد/ }));
    expect(await screen.findByText(LOGIN_TO_CREATE_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('searches with trimmed non-empty text only', async () => {
    mockApi({});
    const { router } = renderApp('/about');
    await screen.findByRole('heading', { name: 'من نحن' });
    const box = screen.getByRole('searchbox', { name: 'ابحث في المزادات' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form')!);
    expect(router.state.location.pathname).toBe('/about');
    fireEvent.change(box, { target: { value: '  ساعة يد  ' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('ساعة يد');
  });

  it('links the logo to the home page', async () => {
    mockApi({});
    renderApp('/about');
    expect(await screen.findByRole('link', { name: /الصفحة الرئيسية/ })).toHaveAttribute('href', '/');
  });
});

describe('header, signed in', () => {
  it('shows a grey 0 badge', async () => {
    signedIn(user, 0);
    renderApp('/about');
    const badge = await screen.findByTestId('unread-badge');
    await waitFor(() => expect(badge).toHaveTextContent('0'));
    expect(badge).toHaveClass('badge--zero');
    expect(screen.getByRole('link', { name: /الرسائل/ })).toHaveAttribute('href', '/messages');
    expect(screen.getByRole('link', { name: /إنشاء مزاد/ })).toHaveAttribute('href', '/create-auction');
  });

  it('shows a red badge, capped at 99+', async () => {
    signedIn(user, 150);
    renderApp('/about');
    await waitFor(() => expect(screen.getByTestId('unread-badge')).toHaveTextContent('99+'));
    expect(screen.getByTestId('unread-badge')).toHaveClass('badge--unread');
  });

  it('counts 0 when the unread call fails', async () => {
    storeSession(user);
    mockApi({
      'GET /api/auth/me': () => ({ user }),
      'GET /api/messages/unread-count': () => ({ status: 500, body: { message: 'خطأ' } }),
    });
    renderApp('/about');
    await waitFor(() => expect(screen.getByTestId('unread-badge')).toHaveTextContent('0'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refreshes the count on new_message, message_read and the updateUnreadCount event', async () => {
    let count = 1;
    const api = signedIn(user, () => count);
    renderApp('/about');
    await waitFor(() => expect(screen.getByTestId('unread-badge')).toHaveTextContent('1'));
    await waitFor(() => expect(listenerCount('new_message')).toBe(1));
    const before = callsTo(api, 'GET /api/messages/unread-count').length;
    count = 2;
    act(() => serverEmit('new_message', {}));
    await waitFor(() => expect(screen.getByTestId('unread-badge')).toHaveTextContent('2'));
    count = 0;
    act(() => serverEmit('message_read', {}));
    await waitFor(() => expect(screen.getByTestId('unread-badge')).toHaveTextContent('0'));
    count = 5;
    act(() => void window.dispatchEvent(new Event('updateUnreadCount')));
    await waitFor(() => expect(screen.getByTestId('unread-badge')).toHaveTextContent('5'));
    expect(callsTo(api, 'GET /api/messages/unread-count').length).toBeGreaterThanOrEqual(before + 3);
  });

  it('polls the count every 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = signedIn(user, 0);
    renderApp('/about');
    await waitFor(() => expect(callsTo(api, 'GET /api/messages/unread-count')).toHaveLength(1));
    await act(async () => vi.advanceTimersByTime(10_000));
    await waitFor(() => expect(callsTo(api, 'GET /api/messages/unread-count')).toHaveLength(2));
  });

  it('opens the user menu on hover and closes it 300 ms after the pointer leaves', async () => {
    signedIn(user);
    renderApp('/about');
    const trigger = await screen.findByRole('button', { name: new RegExp(user.name) });
    fireEvent.mouseEnter(trigger.parentElement!);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'الملف الشخصي',
      'مزايداتي',
      'قائمة المتابعة',
      'المزادات الفائزة',
      'مزاداتي الحالية',
      'العناصر غير المباعة',
      'تسجيل الخروج',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'مزايداتي' })).toHaveAttribute('href', '/profile?tab=bids');
    expect(within(menu).getByRole('menuitem', { name: 'قائمة المتابعة' })).toHaveAttribute(
      'href',
      '/profile?tab=watchlist',
    );
    expect(within(menu).getByRole('menuitem', { name: 'المزادات الفائزة' })).toHaveAttribute(
      'href',
      '/profile?tab=won',
    );
    expect(within(menu).getByRole('menuitem', { name: 'مزاداتي الحالية' })).toHaveAttribute(
      'href',
      '/profile?tab=auctions',
    );
    expect(within(menu).getByRole('menuitem', { name: 'العناصر غير المباعة' })).toHaveAttribute(
      'href',
      '/profile?tab=unsold',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'إدارة النظام' })).not.toBeInTheDocument();
    vi.useFakeTimers();
    fireEvent.mouseLeave(trigger.parentElement!);
    act(() => vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS - 50));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes the menu on an outside click and on choosing an item', async () => {
    signedIn(user);
    const { router } = renderApp('/about');
    const trigger = await screen.findByRole('button', { name: new RegExp(user.name) });
    fireEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitem', { name: 'الملف الشخصي' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('shows the admin items to admins only', async () => {
    signedIn(admin);
    renderApp('/about');
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(admin.name) }));
    expect(screen.getByRole('menuitem', { name: 'إدارة النظام' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('menuitem', { name: 'إدارة الإعلانات' })).toHaveAttribute('href', '/banner-management');
  });

  it('logs out: the server revokes the token, then token and user go, home, login links again', async () => {
    const fetchMock = signedIn(user);
    const { router } = renderApp('/about');
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(user.name) }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'تسجيل الخروج' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(localStorage.getItem('user')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('link', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(await screen.findByText('تم تسجيل الخروج بنجاح')).toBeInTheDocument();
    const revoke = fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/auth/logout'));
    expect(revoke).toHaveLength(1);
    const [, init] = revoke[0] as [unknown, RequestInit];
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer test-token');
  });

  it('logs out from a login-required page to / (not /login)', async () => {
    signedIn(user);
    const { router } = renderApp('/create-auction');
    await screen.findByRole('heading', { name: 'إنشاء مزاد جديد' });
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(user.name) }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'تسجيل الخروج' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    await screen.findByRole('link', { name: 'تسجيل الدخول' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('uses the generated initials image without a profile image', async () => {
    signedIn(user);
    renderApp('/about');
    const trigger = await screen.findByRole('button', { name: new RegExp(user.name) });
    expect(trigger.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });
});

describe('dark mode', () => {
  it('toggles and persists the choice as true/false', async () => {
    localStorage.setItem('darkMode', 'false');
    mockApi({});
    renderApp('/about');
    const toggle = await screen.findByRole('button', { name: 'الوضع الداكن' });
    expect(document.documentElement.dataset.theme).toBe('light');
    fireEvent.click(toggle);
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: 'الوضع الفاتح' }));
    expect(localStorage.getItem('darkMode')).toBe('false');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
