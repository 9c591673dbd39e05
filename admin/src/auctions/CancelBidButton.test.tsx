import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../App';
import { resetReadState } from '../contact/readState';
import { mockFetch } from '../testing/fetch';
import { cancelReasonError } from './CancelBidButton';

const admin = { _id: 'a1', id: 'a1', name: 'المشرف', email: 'admin@mazad.jo', isAdmin: true, profileImage: null };
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const bid = (id: string, name: string, amount: number, isCancelled = false) => ({
  _id: id,
  id,
  amount,
  bidder: { _id: `u-${id}`, id: `u-${id}`, name },
  createdAt: `2026-01-01T10:00:0${id.slice(1)}.000Z`,
  isCancelled,
});
const auction = (over: Record<string, unknown> = {}) => ({
  _id: 'x1',
  id: 'x1',
  title: 'سيارة',
  description: 'وصف',
  category: 'سيارات',
  status: 'نشط',
  images: [],
  seller: { _id: 's1', id: 's1', name: 'البائع', location: 'عمّان' },
  winner: null,
  startingPrice: 1200,
  currentPrice: 12000,
  buyNowPrice: null,
  endTime: inAnHour(),
  createdAt: '2026-01-01T09:00:00.000Z',
  bidCount: 2,
  bids: [bid('b1', 'سامر', 1210), bid('b2', 'ليلى', 12000), bid('b0', 'قديم', 1205, true)],
  ...over,
});

beforeEach(() => {
  localStorage.setItem('adminToken', 'adm');
  localStorage.setItem('adminUser', JSON.stringify(admin));
  resetReadState();
});

describe('«إلغاء المزايدة» on the auction’s page (R-BID-OPERATOR-CANCEL)', () => {
  it('asks for the reason, sends POST /api/admin/bids/{id}/cancel { reason }, says so and reads the auction again', async () => {
    window.location.hash = '#/auctions/x1/show';
    let current = auction();
    const calls = mockFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/auctions/x1') return { body: current };
      if (call.method === 'POST' && call.path === '/api/admin/bids/b2/cancel') {
        current = auction({
          currentPrice: 1210,
          bidCount: 1,
          bids: [bid('b1', 'سامر', 1210), bid('b2', 'ليلى', 12000, true)],
        });
        return { body: { success: true, message: 'تم إلغاء المزايدة وإبلاغ صاحبها', auction: current } };
      }
      return { status: 404, body: { message: 'غير موجود' } };
    });
    render(<App />);
    // One action per standing bid; none on a bid already cancelled.
    const buttons = await screen.findAllByRole('button', { name: /^إلغاء المزايدة: / }, { timeout: 15_000 });
    // Newest first, each named by its bidder and amount (formatJod).
    const labels = buttons.map((b) => b.getAttribute('aria-label'));
    expect(labels).toHaveLength(2);
    expect(labels[0]).toMatch(/ليلى .*12,000\.000/);
    expect(labels[1]).toMatch(/سامر .*1,210\.000/);
    fireEvent.click(buttons[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/مزايدة ليلى بمبلغ/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'إلغاء المزايدة' });
    // No reason: refused on the spot, nothing sent.
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('سبب إلغاء المزايدة مطلوب')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/سبب إلغاء المزايدة/), {
      target: { value: '  أكد العضو أن المبلغ خطأ في الكتابة ' },
    });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'أكد العضو أن المبلغ خطأ في الكتابة' }),
    );
    expect(await screen.findByText('تم إلغاء المزايدة وإبلاغ صاحبها')).toBeTruthy();
    // Read again: the cancelled bid has no action left.
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^إلغاء المزايدة: / })).toHaveLength(1));
  }, 45_000);

  it('shows the server’s refusal and keeps the dialog open', async () => {
    window.location.hash = '#/auctions/x1/show';
    mockFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/auctions/x1') return { body: auction() };
      if (call.method === 'POST')
        return {
          status: 409,
          body: { statusCode: 409, code: 'BID_ALREADY_CANCELLED', message: 'سُحبت هذه المزايدة أو أُلغيت من قبل' },
        };
      return { status: 404, body: { message: 'غير موجود' } };
    });
    render(<App />);
    fireEvent.click((await screen.findAllByRole('button', { name: /^إلغاء المزايدة: / }, { timeout: 15_000 }))[0]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/سبب إلغاء المزايدة/), { target: { value: 'سبب واضح' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'إلغاء المزايدة' }));
    expect(await screen.findByText('سُحبت هذه المزايدة أو أُلغيت من قبل')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  }, 45_000);

  it('offers nothing on a closed auction', async () => {
    window.location.hash = '#/auctions/x1/show';
    mockFetch((call) =>
      call.method === 'GET' && call.path === '/api/auctions/x1'
        ? { body: auction({ status: 'مباع' }) }
        : { status: 404, body: { message: 'غير موجود' } },
    );
    render(<App />);
    expect(await screen.findByText('سامر', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^إلغاء المزايدة/ })).toEqual([]);
  }, 45_000);

  it('checks the reason by the server’s rule', () => {
    expect(cancelReasonError('   ')).toBe('سبب إلغاء المزايدة مطلوب');
    expect(cancelReasonError('لا')).toMatch(/على الأقل/);
    expect(cancelReasonError('سبب كافٍ')).toBeNull();
    expect(cancelReasonError('ا'.repeat(301))).toMatch(/300/);
  });
});
