import { fireEvent, screen, within } from '@testing-library/react';
import type { BlockedMember } from '@mazad/contracts';
import { describe, expect, it } from 'vitest';
import { callsTo, makeUser, mockApi, renderApp, storeSession } from '@/testing/test-utils';
import { stats, user } from '../test-fixtures';

/** The public profile of o-3, read by `visitor` (signed out when absent), with the blocks' API. */
function publicProfileOf3(visitor?: typeof user) {
  const other = makeUser({ _id: 'o-3', id: 'o-3', name: 'مراد سليم' });
  let blocked: BlockedMember[] = [];
  if (visitor) storeSession(visitor);
  const fetchMock = mockApi({
    ...(visitor ? { 'GET /api/auth/me': () => ({ user: visitor }) } : {}),
    'GET /api/messages/unread-count': () => ({ success: true, count: 0 }),
    'GET /api/users/o-3': () => ({ success: true, user: other }),
    'GET /api/users/o-3/stats': () => stats,
    'GET /api/users/o-3/rating-stats': () => ({ success: true, averageRating: 0, validRatings: 0 }),
    'GET /api/users/o-3/ratings': () => ({ success: true, ratings: [] }),
    'GET /api/auctions/user/o-3': () => ({ success: true, auctions: [] }),
    'GET /api/users/me/blocks': () => ({ success: true, members: blocked }),
    'PUT /api/users/o-3/block': () => {
      blocked = [{ id: 'o-3', name: 'مراد سليم', profileImage: null, blockedAt: '2026-01-01T10:00:00.000Z' }];
      return { success: true, message: 'تم حظر العضو', userId: 'o-3', blocked: true };
    },
    'DELETE /api/users/o-3/block': () => {
      blocked = [];
      return { success: true, message: 'تم إلغاء حظر العضو', userId: 'o-3', blocked: false };
    },
  });
  renderApp('/profile/o-3');
  return fetchMock;
}

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

  it('blocks after a confirmation, then offers to unblock (R-BLOCK)', async () => {
    const fetchMock = publicProfileOf3(user);
    fireEvent.click(await screen.findByRole('button', { name: 'حظر مراد سليم' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'حظر مراد سليم؟' });
    // Nothing is sent before the member confirms; cancelling sends nothing.
    expect(callsTo(fetchMock, 'PUT /api/users/o-3/block')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/users/o-3/block')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'حظر مراد سليم' }));
    const again = await screen.findByRole('alertdialog', { name: 'حظر مراد سليم؟' });
    fireEvent.click(within(again).getByRole('button', { name: 'حظر' }));
    const unblock = await screen.findByRole('button', { name: 'إلغاء حظر مراد سليم' });
    expect(callsTo(fetchMock, 'PUT /api/users/o-3/block')).toHaveLength(1);

    fireEvent.click(unblock);
    expect(await screen.findByRole('button', { name: 'حظر مراد سليم' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/users/o-3/block')).toHaveLength(1);
  });

  it('offers no block to a signed-out visitor', async () => {
    const fetchMock = publicProfileOf3();
    expect(await screen.findByRole('heading', { level: 1, name: 'مراد سليم' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /حظر/ })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/users/me/blocks')).toHaveLength(0);
  });
});
