import type { Notification, NotificationsResult } from '@mazad/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverEmit } from '@/testing/fake-socket';
import { callsTo, makeUser, mockApi, renderApp, storeSession } from '@/testing/test-utils';
import { bellBadge, bellLabel } from './notification-bell';

const user = makeUser();

const notice = (n: number, over: Partial<Notification> = {}): Notification => ({
  _id: `n-${n}`,
  id: `n-${n}`,
  kind: 'outbid',
  title: 'تم تجاوز مزايدتك',
  body: `مزايدة أعلى على "مزاد ${n}": السعر الآن 120.500 د.أ`,
  link: { type: 'auction', auctionId: `a-${n}` },
  auctionId: `a-${n}`,
  amount: 120.5,
  createdAt: '2026-01-01T10:00:00.000Z',
  readAt: null,
  ...over,
});

function signedIn(notifications: Notification[], unreadCount: number) {
  storeSession(user);
  const page = (): NotificationsResult => ({
    success: true,
    notifications,
    unreadCount,
    pagination: { page: 1, limit: 20, total: notifications.length, totalPages: 1, hasNext: false, hasPrev: false },
  });
  return mockApi({
    'GET /api/auth/me': () => ({ user }),
    'GET /api/messages/unread-count': () => ({ count: 0 }),
    'GET /api/notifications': page,
    'PATCH /api/notifications/n-1/read': () => ({ success: true, message: 'تم', unreadCount: unreadCount - 1 }),
    'POST /api/notifications/read-all': () => ({ success: true, message: 'تم', unreadCount: 0 }),
  });
}

const bell = () => screen.findByRole('button', { name: /^الإشعارات/ });

describe('the notification bell', () => {
  it('names the count for screen readers, and caps the badge at 99+', () => {
    expect(bellLabel(0)).toBe('الإشعارات، لا جديد');
    expect(bellLabel(3)).toBe('الإشعارات، 3 غير مقروءة');
    expect(bellBadge(120)).toBe('99+');
  });

  it('shows the unread count and raises it live when a notice arrives over the socket', async () => {
    signedIn([notice(1)], 1);
    renderApp('/about');
    await waitFor(async () => expect(await bell()).toHaveAccessibleName('الإشعارات، 1 غير مقروءة'));
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('1');
    act(() => serverEmit('notification', { notification: notice(2), unreadCount: 2 }));
    await waitFor(() => expect(screen.getByTestId('bell-badge')).toHaveTextContent('2'));
    expect(screen.getByText('الإشعارات، 2 غير مقروءة', { selector: '[aria-live="polite"]' })).toBeInTheDocument();
    // The same notice again (another replica, a reconnect) is not listed twice.
    act(() => serverEmit('notification', { notification: notice(2), unreadCount: 2 }));
    fireEvent.click(await bell());
    const panel = screen.getByRole('region', { name: 'الإشعارات' });
    expect(within(panel).getAllByRole('link')).toHaveLength(2);
    // Read elsewhere: the other device's count follows.
    act(() => serverEmit('notification', { notification: null, unreadCount: 0 }));
    await waitFor(() => expect(screen.queryByTestId('bell-badge')).toBeNull());
  });

  it('lists the notices as links; opening one marks it read and goes to the auction', async () => {
    const api = signedIn([notice(1), notice(3, { readAt: '2026-01-01T11:00:00.000Z' })], 1);
    const { router } = renderApp('/about');
    await waitFor(async () => expect(await bell()).toHaveAccessibleName('الإشعارات، 1 غير مقروءة'));
    fireEvent.click(await bell());
    expect(await bell()).toHaveAttribute('aria-expanded', 'true');
    const link = screen.getByRole('link', { name: /غير مقروء: تم تجاوز مزايدتك.*مزاد 1/ });
    expect(link).toHaveAttribute('href', '/auction/a-1');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auction/a-1'));
    await waitFor(() => expect(callsTo(api, 'PATCH /api/notifications/n-1/read')).toHaveLength(1));
    await waitFor(async () => expect(await bell()).toHaveAccessibleName('الإشعارات، لا جديد'));
    expect(screen.queryByRole('region', { name: 'الإشعارات' })).toBeNull();
  });

  it('marks all read, and Escape closes the panel with focus back on the bell', async () => {
    const api = signedIn([notice(1), notice(2)], 2);
    renderApp('/about');
    await waitFor(async () => expect(await bell()).toHaveAccessibleName('الإشعارات، 2 غير مقروءة'));
    fireEvent.click(await bell());
    fireEvent.click(screen.getByRole('button', { name: 'تعليم الكل كمقروء' }));
    await waitFor(() => expect(callsTo(api, 'POST /api/notifications/read-all')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('bell-badge')).toBeNull());
    expect(screen.getByRole('button', { name: 'تعليم الكل كمقروء' })).toBeDisabled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'الإشعارات' })).toBeNull();
    expect(await bell()).toHaveFocus();
  });

  it('says so when there are no notices', async () => {
    signedIn([], 0);
    renderApp('/about');
    fireEvent.click(await bell());
    expect(await screen.findByText('لا توجد إشعارات بعد')).toBeInTheDocument();
  });
});
