import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { goToConsole } from '@/lib/console';
import { makeUser, mockApi, renderApp, storeSession } from '@/testing/test-utils';

const user = makeUser();
const admin = makeUser({ _id: 'a-1', id: 'a-1', name: 'المشرف', isAdmin: true });

describe('routes', () => {
  it('shows the not-found page with back-to-home and back-to-previous for an unknown path', async () => {
    mockApi({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'العودة إلى الصفحة السابقة' })).toBeInTheDocument();
  });

  it('goes back one step from the not-found page', async () => {
    mockApi({});
    const { router } = renderApp('/about');
    await screen.findByRole('heading', { name: 'من نحن' });
    await router.navigate('/missing');
    (await screen.findByRole('button', { name: 'العودة إلى الصفحة السابقة' })).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
  });

  it('goes home from the not-found page when it is the first page of the tab (nothing to go back to)', async () => {
    mockApi({});
    const { router } = renderApp('/missing');
    (await screen.findByRole('button', { name: 'العودة إلى الصفحة السابقة' })).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends signed-out visitors of a login-required page to /login, replacing the entry', async () => {
    mockApi({});
    const { router } = renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('waits for the session check before deciding, then shows the page', async () => {
    let answer: (value: unknown) => void = () => {};
    const pending = new Promise((resolve) => (answer = resolve));
    storeSession(user);
    mockApi({ 'GET /api/auth/me': () => ({ user }) });
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/api/auth/me')) await pending;
      return original(input, init);
    });
    const { router } = renderApp('/create-auction');
    expect(await screen.findByText('جارٍ التحقق من الجلسة…')).toBeInTheDocument();
    answer(undefined);
    expect(await screen.findByRole('heading', { name: 'إنشاء مزاد جديد' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-auction');
  });

  it('logs out silently when the saved token is rejected', async () => {
    storeSession(user);
    mockApi({ 'GET /api/auth/me': () => ({ status: 401, body: { statusCode: 401, message: 'انتهت صلاحية الجلسة' } }) });
    const { router } = renderApp('/messages');
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends signed-in non-admins away from admin-only routes to /', async () => {
    storeSession(user);
    mockApi({ 'GET /api/auth/me': () => ({ user }) });
    const { router } = renderApp('/banner-management');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(goToConsole).not.toHaveBeenCalled();
  });

  it('sends signed-out visitors of admin-only routes to /login', async () => {
    mockApi({});
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('hands admins over to the console with a full page load', async () => {
    storeSession(admin);
    mockApi({ 'GET /api/auth/me': () => ({ user: admin }) });
    renderApp('/admin');
    await waitFor(() => expect(goToConsole).toHaveBeenCalledWith('/admin/'));
  });

  it('hands /admin-login over to the console login page', async () => {
    mockApi({});
    renderApp('/admin-login');
    await waitFor(() => expect(goToConsole).toHaveBeenCalledWith('/admin/#/login'));
  });

  it('redirects the /auctions/{id} spelling to /auction/{id}', async () => {
    mockApi({});
    const { router } = renderApp('/auctions/abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auction/abc'));
  });

  it('hides the footer on /messages only', async () => {
    storeSession(user);
    mockApi({ 'GET /api/auth/me': () => ({ user }), 'GET /api/messages/unread-count': () => ({ count: 0 }) });
    const { router } = renderApp('/messages');
    await screen.findByRole('heading', { name: 'الرسائل' });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    await router.navigate('/about');
    await screen.findByRole('heading', { name: 'من نحن' });
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /© 2025/ })).toHaveAttribute('href', '/admin-login');
  });
});
