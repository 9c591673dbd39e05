import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { goToConsole } from '@/lib/console';
import { makeUser, mockApi, renderApp, storeSession } from '@/testing/test-utils';
import { NOT_PERMITTED_PAGE } from './guards';

vi.mock('@/lib/console', () => ({ goToConsole: vi.fn() }));

const member = makeUser({ isAdmin: false });

describe('admin-only routes for a signed-in non-admin', () => {
  it('/banner-management: the "not permitted" toast, then home', async () => {
    storeSession(member);
    mockApi({ 'GET /api/auth/me': () => ({ user: member }) });
    const { router } = renderApp('/banner-management');
    expect(await screen.findByText(NOT_PERMITTED_PAGE)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(NOT_PERMITTED_PAGE).toBe('ليس لديك صلاحية للوصول إلى هذه الصفحة');
    expect(goToConsole).not.toHaveBeenCalled();
  });

  it('/admin: home without a toast (the toast is for banner management only, R-WEB-ROUTES)', async () => {
    storeSession(member);
    mockApi({ 'GET /api/auth/me': () => ({ user: member }) });
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText(NOT_PERMITTED_PAGE)).not.toBeInTheDocument();
  });
});

describe('/banner-management for signed-out visitors', () => {
  it('hands over to the console, which asks for its own admin login (operators signed in there only)', async () => {
    mockApi({});
    renderApp('/banner-management');
    await waitFor(() => expect(goToConsole).toHaveBeenCalledWith('/admin/#/banners'));
  });
});
