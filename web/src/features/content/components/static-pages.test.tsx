import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSettings, renderWithApp } from '@/testing/test-utils';
import { AboutPage } from './about-page';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { TermsOfServicePage } from './terms-of-service-page';

describe('about page', () => {
  it('takes every number from GET /api/settings (one consistent FAQ)', async () => {
    renderWithApp(<AboutPage />, {
      api: {
        'GET /api/settings': () =>
          makeSettings({
            auctionDurations: ['20s', '1h', '7d'],
            bidExtensionSeconds: 120,
            archiveUnsoldAfterSeconds: 1800,
            archiveSoldAfterSeconds: 2 * 86_400,
          }),
      },
    });
    expect(await screen.findAllByText(/20 ثانية، ساعة واحدة أو أسبوع/)).toHaveLength(2);
    expect(screen.getAllByText(/دقيقتين/).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText(/بعد 30 دقيقة من انتهائه، والمزاد المباع بعد يومين/)).toBeInTheDocument();
    // Also in the visible "how an auction runs" list, not only inside a closed FAQ answer.
    expect(
      screen.getByText(/يبقى المزاد المباع في صفحته يومين بعد انتهائه ثم ينتقل إلى الأرشيف، وغير المباع 30 دقيقة/),
    ).toBeVisible();
    expect(screen.queryByText(/24 ساعة/)).toBeInTheDocument(); // support answers within 24 hours
    expect(screen.queryByText(/90 ثانية/)).not.toBeInTheDocument();
  });

  it('publishes the automatic bidding steps (R-BID-STEP) from the shared table', async () => {
    renderWithApp(<AboutPage />, { api: { 'GET /api/settings': () => makeSettings() } });
    expect(
      await screen.findByText(
        /0\.250 د\.أ تحت 10\.000 د\.أ، 1\.000 د\.أ تحت 100\.000 د\.أ، 5\.000 د\.أ تحت 1,000\.000 د\.أ، 10\.000 د\.أ من 1,000\.000 د\.أ فما فوق/,
      ),
    ).toBeInTheDocument();
  });

  it('leaves the numbered sentences out when the settings cannot be read (never a guessed number)', async () => {
    renderWithApp(<AboutPage />, {
      api: {
        'GET /api/settings': () => ({
          status: 500,
          body: { statusCode: 500, code: 'INTERNAL', message: 'خطأ', error: 'خطأ' },
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'من نحن' })).toBeInTheDocument();
    expect(screen.getByText('كيف أشارك في مزاد؟')).toBeInTheDocument();
    expect(screen.queryByText('كم تستمر المزادات؟')).not.toBeInTheDocument();
    expect(screen.queryByText(/مدد المزاد المتاحة/)).not.toBeInTheDocument();
    expect(screen.queryByText(/يبقى المزاد المباع/)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/undefined|NaN/);
  });
});

describe('legal pages', () => {
  it('terms of service: ten sections, January 2025, Jordanian law and the courts of Amman, contact details from settings', async () => {
    const { container } = renderWithApp(<TermsOfServicePage />, {
      api: {
        'GET /api/settings': () => makeSettings({ contact: { phone: '+962 6 500 1234', email: 'help@mazad.jo' } }),
      },
    });
    expect(await screen.findByText('help@mazad.jo')).toHaveAttribute('href', 'mailto:help@mazad.jo');
    expect(screen.getByText('+962 6 500 1234')).toHaveAttribute('href', 'tel:+96265001234');
    expect(screen.getByRole('heading', { level: 1, name: 'شروط الخدمة' })).toBeInTheDocument();
    expect(container.querySelectorAll('.legal-section')).toHaveLength(10);
    expect(screen.getByText('آخر تحديث: يناير 2025')).toBeInTheDocument();
    expect(screen.getByText(/المملكة الأردنية الهاشمية، وتختص محاكم عمّان حصرياً/)).toBeInTheDocument();
    expect(screen.getByText(/مزاد منصة وسيطة فقط/)).toBeInTheDocument();
  });

  it('privacy policy: ten sections and the rights to access, correct or delete', async () => {
    const { container } = renderWithApp(<PrivacyPolicyPage />, { api: { 'GET /api/settings': () => makeSettings() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'سياسة الخصوصية' })).toBeInTheDocument();
    expect(container.querySelectorAll('.legal-section')).toHaveLength(10);
    expect(screen.getByText(/الوصول إلى بياناتك الشخصية وتصحيحها أو حذفها/)).toBeInTheDocument();
    expect(screen.getByText(/تسري التغييرات فور نشرها على هذه الصفحة/)).toBeInTheDocument();
  });
});
