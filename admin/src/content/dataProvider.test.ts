import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../dataProvider';
import { mockFetch, onlyCall } from '../testing/fetch';
import { ANNOUNCEMENT, featureComplete, SITE_BANNER } from './dataProvider';

const siteContent = {
  success: true,
  banner: { title: 'مرحباً', subtitle: 'ف', description: 'و' },
  features: [{ _id: 'f1', icon: '🔒', title: 'أمان', description: 'وصف', order: 0 }],
};

beforeEach(() => localStorage.setItem('adminToken', 'adm'));

describe('site content providers', () => {
  it('read the main banner (site-content/banner) and the feature cards from GET /api/site-content', async () => {
    const calls = mockFetch(siteContent);
    expect((await dataProvider.getOne('site-content', { id: SITE_BANNER })).data).toEqual({
      ...siteContent.banner,
      id: SITE_BANNER,
    });
    expect(await dataProvider.getList('site-features', {})).toEqual({
      data: [{ ...siteContent.features[0], id: 'f1' }],
      total: 1,
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/site-content', 'GET /api/site-content']);
  });

  it('save the banner with PUT, the texts trimmed and nothing else sent', async () => {
    const calls = mockFetch((call) => ({ body: { success: true, message: 'تم', banner: call.body } }));
    const { data } = await dataProvider.update('site-content', {
      id: SITE_BANNER,
      data: { id: SITE_BANNER, title: ' ع ', subtitle: null, description: 'و ' },
      previousData: { id: SITE_BANNER },
    });
    expect(onlyCall(calls)).toMatchObject({ method: 'PUT', path: '/api/site-content/banner' });
    expect(calls[0].body).toEqual({ title: 'ع', subtitle: '', description: 'و' });
    expect(data).toEqual({ id: SITE_BANNER, title: 'ع', subtitle: '', description: 'و' });
  });

  it('create, edit and delete feature cards (POST, PUT, DELETE), the texts trimmed', async () => {
    const calls = mockFetch((call) =>
      call.method === 'DELETE'
        ? { body: { success: true, message: 'تم' } }
        : { body: { success: true, message: 'تم', feature: { _id: 'f1', order: 0, ...(call.body as object) } } },
    );
    const created = await dataProvider.create('site-features', {
      data: { icon: '🔒', title: ' أمان ', description: 'وصف' },
    });
    expect(created.data.id).toBe('f1');
    await dataProvider.update('site-features', {
      id: 'f1',
      data: { ...created.data, icon: '💳', title: 'دفع' },
      previousData: created.data,
    });
    await dataProvider.delete('site-features', { id: 'f1', previousData: created.data });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/site-content/features',
      'PUT /api/site-content/features/f1',
      'DELETE /api/site-content/features/f1',
    ]);
    expect(calls[0].body).toEqual({ icon: '🔒', title: 'أمان', description: 'وصف' });
    expect(calls[1].body).toEqual({ icon: '💳', title: 'دفع', description: 'وصف' });
  });

  it('a feature card is complete once its icon, title and description are filled (blanks do not count)', () => {
    expect(featureComplete({ icon: '🚚', title: 'توصيل', description: 'إلى كل المحافظات' })).toBe(true);
    expect(featureComplete({ icon: '🚚', title: '  ', description: 'x' })).toBe(false);
    expect(featureComplete({ icon: '🚚', title: 'توصيل', description: null })).toBe(false);
  });
});

describe('announcement provider', () => {
  it('reads GET /api/announcement-content as announcement/current (only the id until one is saved)', async () => {
    const first = mockFetch({ success: true, data: null });
    expect((await dataProvider.getOne('announcement', { id: ANNOUNCEMENT })).data).toEqual({ id: ANNOUNCEMENT });
    expect(onlyCall(first).path).toBe('/api/announcement-content');

    mockFetch({ success: true, data: { _id: 'announcement-1', id: 'announcement-1', title: 'افتتاح' } });
    expect((await dataProvider.getOne('announcement', { id: ANNOUNCEMENT })).data).toMatchObject({
      id: ANNOUNCEMENT,
      _id: 'announcement-1',
      title: 'افتتاح',
    });
  });

  it('saves with PUT every field, texts trimmed, and keeps the answer’s updatedAt', async () => {
    const calls = mockFetch({
      success: true,
      message: 'تم حفظ المحتوى',
      data: { _id: 'announcement-1', updatedAt: '2026-01-01T00:00:00.000Z' },
    });
    const { data } = await dataProvider.update('announcement', {
      id: ANNOUNCEMENT,
      data: {
        id: ANNOUNCEMENT,
        title: ' افتتاح ',
        description: null,
        images: ['/uploads/a.webp'],
        scheduleInfo: { date: ' 2026-12-01 ', startTime: '10:00' },
        isActive: false,
        updatedAt: 'old',
      },
      previousData: { id: ANNOUNCEMENT },
    });
    expect(onlyCall(calls)).toMatchObject({ method: 'PUT', path: '/api/announcement-content' });
    expect(calls[0].body).toEqual({
      title: 'افتتاح',
      description: '',
      images: ['/uploads/a.webp'],
      scheduleInfo: { date: '2026-12-01', startTime: '10:00', endTime: '', details: '' },
      additionalInfo: '',
      isActive: false,
    });
    expect(data).toMatchObject({ id: ANNOUNCEMENT, title: 'افتتاح', updatedAt: '2026-01-01T00:00:00.000Z' });
  });

  it('uploadImage posts the file as multipart `image` and answers its address', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ success: true, message: 'تم', imageUrl: '/uploads/x.webp' }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    expect(await dataProvider.uploadImage('announcement', { file })).toBe('/uploads/x.webp');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/upload/images');
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('image')).toBeInstanceOf(File);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});
