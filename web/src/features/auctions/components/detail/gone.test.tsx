import { AuctionStatus } from '@mazad/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAuction } from '@/testing/auction-fixtures';
import { renderWithApp } from '@/testing/test-utils';
import { AuctionGone, GONE_REASONS, GoneNotice, goneReasonOf } from './gone';

describe('gone: why an auction is no longer available, and open ones like it', () => {
  it('reads the reason from the status', () => {
    expect(goneReasonOf(AuctionStatus.Sold)).toBe('sold');
    expect(goneReasonOf(AuctionStatus.Unsold)).toBe('unsold');
    expect(goneReasonOf(AuctionStatus.Cancelled)).toBe('cancelled');
    expect(goneReasonOf(AuctionStatus.Deleted)).toBe('removed');
  });

  it('offers open auctions of the same category, never the gone one itself', async () => {
    const gone = makeAuction({ _id: 'gone-1', id: 'gone-1', status: AuctionStatus.Unsold, category: 'سيارات' });
    const open = makeAuction({ _id: 'open-1', id: 'open-1', title: 'سيارة صغيرة', category: 'سيارات' });
    const { fetchMock } = renderWithApp(<GoneNotice auction={gone} />, {
      api: { 'GET /api/auctions': () => ({ auctions: [gone, open] }) },
    });
    expect(screen.getByText(GONE_REASONS.unsold)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /سيارة صغيرة/ })).toHaveAttribute('href', '/auction/open-1');
    expect(screen.queryByRole('link', { name: new RegExp(gone.title) })).toBeNull();
    const url = decodeURIComponent(
      String(fetchMock.mock.calls.find(([u]) => String(u).includes('/api/auctions?'))![0]),
    );
    expect(url).toContain('category=سيارات');
    expect(url).toContain('status=نشط');
  });

  it('the whole page for an address the server no longer answers, with its reason', async () => {
    renderWithApp(<AuctionGone reason="removed" category="أثاث" />, {
      api: { 'GET /api/auctions': () => ({ auctions: [] }) },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'لم يعد هذا المزاد متاحاً' })).toBeInTheDocument();
    expect(screen.getByText(GONE_REASONS.removed)).toBeInTheDocument();
    expect(await screen.findByText('لا توجد مزادات مفتوحة مشابهة الآن.')).toBeInTheDocument();
  });
});
