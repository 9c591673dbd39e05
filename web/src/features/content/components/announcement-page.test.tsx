import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnnouncementContent } from '@mazad/contracts';
import { renderWithApp } from '@/testing/test-utils';
import { AnnouncementPage, NO_ANNOUNCEMENT_TITLE } from './announcement-page';

const content: AnnouncementContent = {
  _id: 'a-1',
  id: 'a-1',
  title: 'مزاد الخير السنوي',
  description: 'مزاد خيري يذهب ريعه للأسر المحتاجة.\nشاركونا.',
  images: ['/uploads/one.webp', '/uploads/two.webp'],
  scheduleInfo: { date: '2025-03-14', startTime: '18:00', endTime: '21:00', details: 'في قاعة المدينة، عمّان' },
  additionalInfo: 'الدخول مجاني للجميع',
  isActive: true,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-02-20T09:30:00.000Z',
};

describe('announcement page (/announcement-details)', () => {
  it('shows every block of the saved announcement and the two calls to action', async () => {
    renderWithApp(<AnnouncementPage />, {
      api: { 'GET /api/announcement-content': () => ({ success: true, data: content }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'مزاد الخير السنوي' })).toBeInTheDocument();
    expect(screen.getByText(/آخر تحديث/)).toHaveTextContent('2025');
    expect(screen.getByText(/مزاد خيري يذهب ريعه/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'موعد الحدث' })).toBeInTheDocument();
    for (const text of ['2025-03-14', '18:00', '21:00', 'في قاعة المدينة، عمّان', 'الدخول مجاني للجميع']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    const images = screen.getAllByRole('img', { name: /مزاد الخير السنوي: صورة/ });
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['/uploads/one.webp', '/uploads/two.webp']);
    // Space reserved before the images load (no layout shift).
    expect(images[0]).toHaveAttribute('width');
    expect(images[0]).toHaveAttribute('height');
    expect(screen.getByRole('link', { name: 'تصفح المزادات' })).toHaveAttribute('href', '/auctions');
    expect(screen.getByRole('link', { name: 'إنشاء حساب' })).toHaveAttribute('href', '/register');
  });

  it('leaves out the blocks that are empty', async () => {
    const bare = {
      ...content,
      images: [],
      additionalInfo: '',
      scheduleInfo: { date: '', startTime: '', endTime: '', details: '' },
    };
    renderWithApp(<AnnouncementPage />, {
      api: { 'GET /api/announcement-content': () => ({ success: true, data: bare }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'مزاد الخير السنوي' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'موعد الحدث' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'الصور' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'معلومات إضافية' })).not.toBeInTheDocument();
  });

  it.each([
    ['nothing saved yet', null],
    ['switched off', { ...content, isActive: false }],
  ])('shows the no-content state with a way home when %s', async (_label, data) => {
    renderWithApp(<AnnouncementPage />, { api: { 'GET /api/announcement-content': () => ({ success: true, data }) } });
    expect(await screen.findByRole('heading', { level: 1, name: NO_ANNOUNCEMENT_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('مزاد الخير السنوي')).not.toBeInTheDocument();
  });

  it('toasts a load failure and shows the no-content state', async () => {
    renderWithApp(<AnnouncementPage />, {
      api: {
        'GET /api/announcement-content': () => ({
          status: 500,
          body: { statusCode: 500, code: 'INTERNAL', message: '', error: '' },
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: NO_ANNOUNCEMENT_TITLE })).toBeInTheDocument();
    expect(await screen.findByText('حدث خطأ في تحميل محتوى الإعلان')).toBeInTheDocument();
  });
});
