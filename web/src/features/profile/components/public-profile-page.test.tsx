import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi, renderApp } from '@/testing/test-utils';
import { stats } from '../test-fixtures';

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
