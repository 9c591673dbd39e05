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

  it('banners: the order is typed as people type it (Arabic-Indic digits), a fraction refused in Arabic', async () => {
    window.location.hash = '#/banners/create';
    const calls = mockFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/banners/admin') return { body: { success: true, data: [] } };
      if (call.method === 'POST' && call.path === '/api/banners')
        return {
          status: 201,
          body: { success: true, message: 'تم', data: { _id: 'b9', id: 'b9', link: null, ...(call.body as object) } },
        };
      return { status: 404, body: { message: 'غير موجود' } };
    });
    render(<App />);
    const order = await screen.findByLabelText('الترتيب', {}, { timeout: 15_000 });
    expect(order.getAttribute('type')).toBe('text');
    fireEvent.change(screen.getByLabelText(/نص الإعلان/), { target: { value: 'مزادات العقارات' } });
    fireEvent.change(order, { target: { value: '٣٫٥' } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('يجب أن يكون عدداً صحيحاً بالأرقام، مثل 3')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(order, { target: { value: '٣' } });
    // The digit is read as it is typed: the field shows 3.
    await waitFor(() => expect((order as HTMLInputElement).value).toBe('3'));
    fireEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        text: 'مزادات العقارات',
        isActive: true,
        order: 3,
      }),
    );
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

  it('site content: the main banner form saves the trimmed texts with PUT and says so', async () => {
    window.location.hash = '#/site-content';
    const calls = mockFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/site-content')
        return { body: { success: true, banner: { title: 'مرحباً', subtitle: 'أهلاً', description: '' }, features: [] } };
      if (call.method === 'PUT' && call.path === '/api/site-content/banner')
        return { body: { success: true, message: 'تم', banner: call.body } };
      return { status: 404, body: { message: 'غير موجود' } };
    });
    const { container } = render(<App />);
    await screen.findByText('لا توجد مميزات بعد', {}, { timeout: 15_000 });
    const title = await waitFor(() => {
      const input = container.querySelector<HTMLInputElement>('input[name="banner-title"]');
      expect(input?.value).toBe('مرحباً');
      return input!;
    });
    fireEvent.change(title, { target: { value: '  أهلاً بكم في مزاد ' } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ البانر' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        title: 'أهلاً بكم في مزاد',
        subtitle: 'أهلاً',
        description: '',
      }),
    );
    expect(await screen.findByText('تم حفظ البانر الرئيسي بنجاح')).toBeTruthy();
  }, 45_000);

  it('announcement: loads the saved page, uploads an image, saves every field with PUT and says so', async () => {
    window.location.hash = '#/announcement';
    const saved = {
      _id: 'announcement-1',
      id: 'announcement-1',
      title: 'افتتاح',
      description: 'وصف',
      images: [],
      scheduleInfo: { date: '2026-12-01', startTime: '10:00', endTime: '', details: '' },
      additionalInfo: '',
      isActive: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const calls = mockFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/announcement-content')
        return { body: { success: true, data: saved } };
      if (call.method === 'POST' && call.path === '/api/upload/images')
        return { status: 201, body: { success: true, message: 'تم', imageUrl: '/uploads/poster.webp' } };
      if (call.method === 'PUT' && call.path === '/api/announcement-content')
        return { body: { success: true, message: 'تم', data: { ...saved, updatedAt: '2026-02-01T00:00:00.000Z' } } };
      return { status: 404, body: { message: 'غير موجود' } };
    });
    const { container } = render(<App />);
    const title = await waitFor(
      () => {
        const input = container.querySelector<HTMLInputElement>('input[name="title"]');
        expect(input?.value).toBe('افتتاح');
        return input!;
      },
      { timeout: 15_000 },
    );
    expect(container.querySelector<HTMLInputElement>('input[name="schedule-date"]')?.value).toBe('2026-12-01');

    fireEvent.change(screen.getByTestId('announcement-upload'), {
      target: { files: [new File([new Uint8Array([1])], 'poster.png', { type: 'image/png' })] },
    });
    await screen.findByTestId('announcement-image');
    fireEvent.change(title, { target: { value: ' افتتاح الموسم ' } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ' }));

    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        title: 'افتتاح الموسم',
        description: 'وصف',
        images: ['/uploads/poster.webp'],
        scheduleInfo: { date: '2026-12-01', startTime: '10:00', endTime: '', details: '' },
        additionalInfo: '',
        isActive: true,
      }),
    );
    expect(await screen.findByText('تم حفظ صفحة الإعلان بنجاح')).toBeTruthy();
  }, 45_000);

  it('banners: moving a banner down swaps the two neighbours’ orders (one PUT each) and reloads', async () => {
    window.location.hash = '#/banners';
    const row = (id: string, text: string) => ({
      _id: id,
      id,
      text,
      link: null,
      isActive: true,
      order: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const banners = [row('b1', 'الأول'), row('b2', 'الثاني')];
    const calls = mockFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/banners/admin')
        return { body: { success: true, data: banners } };
      if (call.method === 'PUT') {
        const banner = banners.find((b) => call.path.endsWith(`/${b._id}`))!;
        Object.assign(banner, call.body);
        return { body: { success: true, message: 'تم', data: banner } };
      }
      return { status: 404, body: { message: 'غير موجود' } };
    });
    render(<App />);
    const first = (await screen.findByText('الأول', {}, { timeout: 15_000 })).closest('tr')!;
    fireEvent.click(within(first).getByRole('button', { name: 'تأخير' }));
    expect(await screen.findByText('تم تحديث ترتيب الإعلانات')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/banners/b1', { order: 1 }],
      ['/api/banners/b2', { order: 0 }],
    ]);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/banners/admin').length).toBeGreaterThan(1));
  }, 45_000);
  it('audit log: entries newest first with Arabic actions and what changed; the action filter asks the server', async () => {
    window.location.hash = '#/audit-log';
    const entry = {
      _id: 'e1',
      id: 'e1',
      actorId: 'a1',
      actorName: 'المشرفة ليلى',
      action: 'banner.update',
      targetType: 'banner',
      targetId: 'b1',
      reason: null,
      before: { isActive: true, text: 'قديم' },
      after: { isActive: false, text: 'جديد' },
      createdAt: '2026-01-01T10:00:00.000Z',
    };
    const calls = mockFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/admin/audit-log')
        return { body: { success: true, entries: [entry], total: 1, page: 1, limit: 25 } };
      return { status: 404, body: { message: 'غير موجود' } };
    });
    render(<App />);
    expect(await screen.findByText('المشرفة ليلى', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getAllByText('تعديل إعلان').length).toBeGreaterThan(0);
    const changes = screen.getByText('ظاهر').closest('li')!;
    expect(changes.textContent).toBe('ظاهر: نعم ← لا');
    expect(screen.getByText('النص').closest('li')!.textContent).toBe('النص: قديم ← جديد');
    expect(screen.getByRole('button', { name: 'تصدير' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'العملية' }));
    fireEvent.click(await screen.findByRole('option', { name: 'حذف مستخدم' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/admin/audit-log' && c.query.get('action') === 'user.delete')).toBe(
        true,
      ),
    );
  });
});
