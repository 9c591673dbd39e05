import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/test-utils';
import { AnnouncementBanner } from './announcement-banner';

const withLink = (link: string | null) => ({
  'GET /api/banners': () => ({
    success: true,
    banners: [{ _id: 'b1', id: 'b1', text: 'مزاد خيري', link, isActive: true, order: 1, createdAt: '' }],
  }),
});

describe('announcement strip: the link the operators set', () => {
  it('follows a site path inside the app', async () => {
    renderWithApp(<AnnouncementBanner />, { api: withLink('/auctions?category=تبرعات') });
    const link = await screen.findByRole('link', { name: /مزاد خيري/ });
    expect(link).toHaveAttribute('href', '/auctions?category=تبرعات');
    expect(link).not.toHaveAttribute('target');
  });

  it('opens an https address in a new tab without handing it the page', async () => {
    renderWithApp(<AnnouncementBanner />, { api: withLink('https://charity.example.jo/friday') });
    const link = await screen.findByRole('link', { name: /مزاد خيري/ });
    expect(link).toHaveAttribute('href', 'https://charity.example.jo/friday');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('opens the announcement page without a link, and never follows an unsafe one', async () => {
    for (const link of [null, 'javascript:alert(1)', '//evil.example/x']) {
      const { unmount } = renderWithApp(<AnnouncementBanner />, { api: withLink(link) });
      expect(await screen.findByRole('link', { name: /مزاد خيري/ })).toHaveAttribute('href', '/announcement-details');
      unmount();
    }
  });
});
