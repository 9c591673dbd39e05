import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/test-utils';
import { SiteFeatures, SiteWelcome } from '.';

const saved = {
  success: true,
  banner: { title: 'أهلاً في مزاد عمّان', subtitle: 'مزادات كل يوم', description: 'وصف من لوحة الإدارة' },
  features: [
    { _id: 'f1', id: 'f1', icon: '🚚', title: 'توصيل سريع', description: 'نوصل إلى كل المحافظات', order: 0 },
    { _id: 'f2', id: 'f2', icon: '⭐', title: 'تقييمات حقيقية', description: 'من المشترين أنفسهم', order: 1 },
  ],
};

function Home() {
  return (
    <>
      <SiteWelcome />
      <SiteFeatures />
    </>
  );
}

describe('site content on the home page', () => {
  it('shows the main banner and the feature cards the operators saved', async () => {
    renderWithApp(<Home />, { api: { 'GET /api/site-content': () => saved } });
    expect(await screen.findByRole('heading', { name: 'أهلاً في مزاد عمّان' })).toBeInTheDocument();
    expect(screen.getByText('مزادات كل يوم')).toBeInTheDocument();
    expect(screen.getByText('وصف من لوحة الإدارة')).toBeInTheDocument();
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((c) => c.querySelector('h3')?.textContent)).toEqual(['توصيل سريع', 'تقييمات حقيقية']);
    expect(screen.getByText('🚚')).toBeInTheDocument();
  });

  it('falls back to the defaults when the call fails (R-SITE-CONTENT-DEFAULTS)', async () => {
    renderWithApp(<Home />, { api: { 'GET /api/site-content': () => ({ status: 500, body: { message: 'خطأ' } }) } });
    expect(await screen.findByRole('heading', { name: 'مرحباً بك في مزاد' })).toBeInTheDocument();
    expect(screen.getByText('مزادات آمنة')).toBeInTheDocument();
    expect(screen.getByText('دفع سهل')).toBeInTheDocument();
    expect(screen.getByText('دعم على مدار الساعة')).toBeInTheDocument();
  });
});
