import { AuctionStatus } from '@mazad/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuctionImage, auctionImages, FALLBACK_IMAGE } from './auction-image';
import { AuctionSummaryCard, AuctionSummaryCards } from './auction-summary-card';
import { Money } from './money';
import { RatingSummary, Stars } from './stars';
import { StatusBadge, statusTone } from './status-badge';

describe('Money', () => {
  it('shows JOD with 3 decimals and the currency, 0 for a missing amount', () => {
    const { container } = render(
      <>
        <Money amount={1234.5} />
        <Money amount={null} />
      </>,
    );
    expect([...container.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['1,234.500 د.أ', '0.000 د.أ']);
  });
});

describe('StatusBadge', () => {
  it('colours statuses the same everywhere: active and sold green, unsold red, others grey', () => {
    expect(statusTone(AuctionStatus.Active)).toBe('success');
    expect(statusTone('active')).toBe('success');
    expect(statusTone(AuctionStatus.Sold)).toBe('success');
    expect(statusTone(AuctionStatus.Unsold)).toBe('danger');
    expect(statusTone(AuctionStatus.Cancelled)).toBe('muted');
    expect(statusTone('unknown')).toBe('muted');
  });

  it('reads as the status with its colour', () => {
    render(<StatusBadge status="active" />);
    const badge = screen.getByText(AuctionStatus.Active);
    expect(badge).toHaveClass('tag', 'tag--success');
    expect(badge).toHaveTextContent(`الحالة: ${AuctionStatus.Active}`);
  });
});

describe('Stars and RatingSummary', () => {
  it('fills the first n of 5 stars, rounded and kept within 0–5', () => {
    render(
      <>
        <Stars value={3.6} />
        <Stars value={9} />
      </>,
    );
    const [four, five] = screen.getAllByRole('img');
    expect(four).toHaveAccessibleName('4 من 5 نجوم');
    expect(four.querySelectorAll('.stars__on')).toHaveLength(4);
    expect(five).toHaveAccessibleName('5 من 5 نجوم');
  });

  it('shows the average and count, or the empty text when nobody rated', () => {
    render(
      <>
        <RatingSummary average={4.46} count={8} emptyText="بدون تقييم" />
        <RatingSummary average={0} count={0} emptyText="بدون تقييم" />
      </>,
    );
    expect(screen.getByLabelText('التقييم 4.5 من 5 (8 تقييمات)')).toBeInTheDocument();
    expect(screen.getByText('بدون تقييم')).toBeInTheDocument();
  });
});

describe('AuctionImage', () => {
  it('reads images, or the legacy imageUrl', () => {
    expect(auctionImages({ images: ['/a.webp', '', '/b.webp'], imageUrl: null })).toEqual(['/a.webp', '/b.webp']);
    expect(auctionImages({ images: [], imageUrl: '/legacy.jpg' })).toEqual(['/legacy.jpg']);
    expect(auctionImages({ images: [], imageUrl: null })).toEqual([]);
  });

  it('shows the first image, the logo when the auction has none', () => {
    render(
      <>
        <AuctionImage auction={{ images: ['/a.webp'] }} alt="مع صورة" priority />
        <AuctionImage auction={{ images: [] }} alt="بلا صورة" priority />
      </>,
    );
    expect(screen.getByAltText('مع صورة')).toHaveAttribute('src', '/a.webp');
    expect(screen.getByAltText('بلا صورة')).toHaveAttribute('src', FALLBACK_IMAGE);
    expect(screen.getByAltText('بلا صورة')).toHaveClass('is-fallback');
  });
});

describe('AuctionSummaryCard', () => {
  it('shows the image, the title linking to the auction, status, category, one price, the end and an action', () => {
    render(
      <MemoryRouter>
        <AuctionSummaryCards label="مزادات">
          <AuctionSummaryCard
            auction={{
              _id: 'a-1',
              title: 'دراجة هوائية',
              status: AuctionStatus.Unsold,
              category: 'إلكترونيات',
              endTime: '2025-01-02T10:00:00.000Z',
              images: [],
            }}
            priceLabel="السعر الابتدائي"
            price={12.5}
            endLabel="انتهى"
          >
            <button type="button">إعادة العرض</button>
          </AuctionSummaryCard>
        </AuctionSummaryCards>
      </MemoryRouter>,
    );
    const card = within(screen.getByRole('list', { name: 'مزادات' })).getByRole('listitem');
    expect(within(card).getByRole('link', { name: 'دراجة هوائية' })).toHaveAttribute('href', '/auction/a-1');
    expect(card).toHaveTextContent(`الحالة: ${AuctionStatus.Unsold}`);
    expect(card).toHaveTextContent('تقنية');
    expect(card).toHaveTextContent('السعر الابتدائي: 12.500 د.أ');
    expect(card).toHaveTextContent(/انتهى: .+/);
    expect(within(card).getByRole('button', { name: 'إعادة العرض' })).toBeInTheDocument();
  });
});
