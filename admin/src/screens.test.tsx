import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from './App';
import { resetReadState } from './contact/readState';
import { mockFetch } from './testing/fetch';

const admin = { _id: 'a1', id: 'a1', name: 'المشرف', email: 'admin@mazad.jo', isAdmin: true, profileImage: null };

beforeEach(() => {
  localStorage.setItem('adminToken', 'adm');
  localStorage.setItem('adminUser', JSON.stringify(admin));
  resetReadState();
});

describe('console screens', () => {
  it('banners: the visibility switch sends PUT { isActive: false } and says so', async () => {
    window.location.hash = '#/banners';
    let banners = [
      {
        _id: 'b1',
        id: 'b1',
        text: 'مزادات السيارات',
        link: null,
        isActive: true,
        order: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ];
    const calls = mockFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/banners/admin')
        return { body: { success: true, data: banners } };
      if (call.method === 'PUT' && call.path === '/api/banners/b1') {
        banners = [{ ...banners[0], ...(call.body as object) }];
        return { body: { success: true, message: 'تم تحديث الإعلان بنجاح', data: banners[0] } };
      }
      return { status: 404, body: { message: 'غير موجود' } };
    });
    render(<App />);
    const toggle = await screen.findByRole('switch', { name: 'ظاهر: مزادات السيارات' }, { timeout: 15_000 });
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ isActive: false }));
    expect(await screen.findByText('تم إخفاء الإعلان')).toBeTruthy();
  }, 45_000);

  it('site content: the feature dialog saves only when icon, title and description are filled', async () => {
    window.location.hash = '#/site-content';
    const calls = mockFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/site-content')
        return {
          body: { success: true, banner: { title: 'مرحباً بك في مزاد', subtitle: '', description: '' }, features: [] },
        };
      if (call.method === 'POST' && call.path === '/api/site-content/features')
        return {
          status: 201,
          body: { success: true, message: 'تم', feature: { _id: 'f1', id: 'f1', order: 0, ...(call.body as object) } },
        };
      return { status: 404, body: { message: 'غير موجود' } };
    });
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'إضافة ميزة' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'حفظ' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/الأيقونة/), { target: { value: '🚚' } });
    fireEvent.change(within(dialog).getByLabelText(/عنوان الميزة/), { target: { value: 'توصيل' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/وصف الميزة/), { target: { value: '  إلى كل المحافظات ' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        icon: '🚚',
        title: 'توصيل',
        description: 'إلى كل المحافظات',
      }),
    );
  }, 45_000);

  it('contact inbox: unread until opened, then marked handled with PATCH { handled: true }', async () => {
    window.location.hash = '#/contact-messages';
    let message = {
      _id: 'c1',
      id: 'c1',
      name: 'زائر',
      email: 'v@x.jo',
      subject: 'bug',
      message: 'الصور لا تظهر في الصفحة',
      handled: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const calls = mockFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/admin/contact-messages')
        return { body: { success: true, messages: [message], total: 1, page: 1, limit: 25 } };
      if (call.method === 'PATCH' && call.path === '/api/admin/contact-messages/c1') {
        message = { ...message, ...(call.body as object) };
        return { body: { success: true, message: 'تم', data: message } };
      }
      return { status: 404, body: { message: 'غير موجود' } };
    });
    render(<App />);
    const row = (await screen.findByText('زائر', {}, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).getByText('غير مقروءة')).toBeTruthy();
    expect(within(row).getByText('الإبلاغ عن مشكلة')).toBeTruthy();
    fireEvent.click(within(row).getByText('زائر'));
    await screen.findByTestId('contact-message-c1');
    await waitFor(() => expect(within(row).getByText('مقروءة')).toBeTruthy());
    fireEvent.click(within(row).getByRole('button', { name: 'تمت المعالجة' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ handled: true }));
    expect(await screen.findByText('تمت معالجة الرسالة')).toBeTruthy();
  }, 45_000);
});
