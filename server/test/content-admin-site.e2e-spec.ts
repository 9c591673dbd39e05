import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

interface FeatureBody {
  _id: string;
  id: string;
  icon: string;
  title: string;
  description: string;
  order: number;
}

/** The home page's main banner and features, and the announcement page: public reads, admin writes. */
describe('site content and announcement', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await createUser(t, { isAdmin: true, adminSession: true });
  });
  afterAll(() => t.close());

  const siteContent = async () => (await t.http().get('/api/site-content').expect(200)).body;

  describe('site content', () => {
    it('starts with the welcome banner and the three default features, readable by anyone', async () => {
      const body = await siteContent();
      expect(body).toEqual({
        success: true,
        banner: {
          title: 'مرحباً بك في مزاد',
          subtitle: 'منصة المزادات الإلكترونية في الأردن',
          description: expect.stringContaining('الدينار الأردني'),
        },
        features: [
          expect.objectContaining({ icon: '🔒', title: 'مزادات آمنة', order: 0 }),
          expect.objectContaining({ icon: '💳', title: 'دفع سهل', order: 1 }),
          expect.objectContaining({ icon: '🕐', title: 'دعم على مدار الساعة', order: 2 }),
        ],
      });
      for (const f of body.features as FeatureBody[]) {
        expect(f._id).toBe(f.id);
        expect(f.description.length).toBeGreaterThan(20);
      }
    });

    it('replaces the main banner (title required, text trimmed)', async () => {
      const res = await t
        .http()
        .put('/api/site-content/banner')
        .set(admin.auth)
        .send({ title: '  مزاد الأردن  ', subtitle: 'كل يوم مزادات جديدة', description: 'من عمّان إلى العقبة' })
        .expect(200);
      expect(res.body).toEqual({
        success: true,
        message: 'تم حفظ البانر الرئيسي بنجاح',
        banner: { title: 'مزاد الأردن', subtitle: 'كل يوم مزادات جديدة', description: 'من عمّان إلى العقبة' },
      });
      expect((await siteContent()).banner).toEqual(res.body.banner);

      const missing = await t
        .http()
        .put('/api/site-content/banner')
        .set(admin.auth)
        .send({ title: ' ', subtitle: 'x' })
        .expect(400);
      expect(missing.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'title', message: 'عنوان البانر مطلوب' }],
      });
      expect((await siteContent()).banner.title).toBe('مزاد الأردن');
    });

    it('adds, edits and deletes features; every field is required; unknown ids are 404 FEATURE_NOT_FOUND', async () => {
      const created = await t
        .http()
        .post('/api/site-content/features')
        .set(admin.auth)
        .send({ icon: '🚚', title: 'توصيل سريع', description: 'تنسيق التسليم داخل المملكة' })
        .expect(201);
      expect(created.body).toMatchObject({ success: true, message: 'تمت إضافة الميزة بنجاح' });
      const feature = created.body.feature as FeatureBody;
      expect(feature).toEqual({
        _id: feature.id,
        id: feature.id,
        icon: '🚚',
        title: 'توصيل سريع',
        description: 'تنسيق التسليم داخل المملكة',
        order: 3,
      });
      expect((await siteContent()).features.at(-1)).toEqual(feature);

      for (const [field, body, message] of [
        ['icon', { title: 'عنوان', description: 'وصف' }, 'أيقونة الميزة مطلوبة'],
        ['title', { icon: '⭐', title: '  ', description: 'وصف' }, 'عنوان الميزة مطلوب'],
        ['description', { icon: '⭐', title: 'عنوان' }, 'وصف الميزة مطلوب'],
      ] as const) {
        const res = await t.http().post('/api/site-content/features').set(admin.auth).send(body).expect(400);
        expect(res.body.errors).toEqual([{ field, message }]);
      }

      const edited = await t
        .http()
        .put(`/api/site-content/features/${feature.id}`)
        .set(admin.auth)
        .send({ icon: '📦', title: 'شحن آمن', description: 'تغليف وتوصيل' })
        .expect(200);
      expect(edited.body).toMatchObject({
        success: true,
        feature: { id: feature.id, icon: '📦', title: 'شحن آمن', description: 'تغليف وتوصيل', order: 3 },
      });
      const partial = await t
        .http()
        .put(`/api/site-content/features/${feature.id}`)
        .set(admin.auth)
        .send({ title: 'بدون أيقونة' })
        .expect(400);
      expect(partial.body.errors[0].field).toBe('icon');

      const removed = await t.http().delete(`/api/site-content/features/${feature.id}`).set(admin.auth).expect(200);
      expect(removed.body).toEqual({ success: true, message: 'تم حذف الميزة بنجاح' });
      expect((await siteContent()).features.map((f: FeatureBody) => f.id)).not.toContain(feature.id);
      for (const call of [
        t.http().delete(`/api/site-content/features/${feature.id}`),
        t.http().put(`/api/site-content/features/${feature.id}`).send({ icon: '📦', title: 'x', description: 'y' }),
      ]) {
        const res = await call.set(admin.auth).expect(404);
        expect(res.body).toMatchObject({ code: 'FEATURE_NOT_FOUND', message: 'الميزة غير موجودة' });
      }
    });
  });

  describe('announcement', () => {
    const announcement = {
      title: 'مزاد السيارات الكلاسيكية',
      description: 'أمسية مزاد مباشر على سيارات نادرة',
      images: ['/uploads/car-1.webp', 'https://example.com/car-2.jpg'],
      scheduleInfo: { date: 'الخميس 15 أيار', startTime: '18:00', endTime: '21:00', details: 'التسجيل قبل ساعة' },
      additionalInfo: 'الدخول مجاني',
      isActive: true,
    };

    it('has no content until an admin saves one (data null), readable without a token', async () => {
      // The suites share one database per run: start from "nothing saved" whatever ran before.
      await t.app.get(DataSource).query('DELETE FROM announcement_content');
      const res = await t.http().get('/api/announcement-content').expect(200);
      expect(res.body).toEqual({ success: true, data: null });
    });

    it('saves the announcement, then replaces it (one record), and everyone reads it', async () => {
      const first = await t.http().put('/api/announcement-content').set(admin.auth).send(announcement).expect(200);
      expect(first.body).toEqual({
        success: true,
        message: 'تم حفظ محتوى صفحة الإعلان بنجاح',
        data: {
          _id: expect.any(String),
          id: first.body.data._id,
          ...announcement,
          createdAt: expect.stringMatching(/Z$/),
          updatedAt: expect.stringMatching(/Z$/),
        },
      });
      const read = await t.http().get('/api/announcement-content').expect(200);
      expect(read.body).toEqual({ success: true, data: first.body.data });

      // The editor sends back a loaded copy (with _id and dates) after changing it.
      const second = await t
        .http()
        .put('/api/announcement-content')
        .set(admin.auth)
        .send({
          ...first.body.data,
          title: 'مزاد السيارات - موعد جديد',
          images: [],
          isActive: false,
          scheduleInfo: { date: 'الجمعة' },
        })
        .expect(200);
      expect(second.body.data).toMatchObject({
        _id: first.body.data._id,
        title: 'مزاد السيارات - موعد جديد',
        images: [],
        isActive: false,
        scheduleInfo: { date: 'الجمعة', startTime: '', endTime: '', details: '' },
        createdAt: first.body.data.createdAt,
      });
      expect(new Date(second.body.data.updatedAt).getTime()).toBeGreaterThan(
        new Date(first.body.data.updatedAt).getTime(),
      );
      expect((await t.http().get('/api/announcement-content').expect(200)).body.data).toEqual(second.body.data);
    });

    it('validates the announcement, naming the field', async () => {
      for (const [body, field] of [
        [{ ...announcement, title: '' }, 'title'],
        [{ ...announcement, images: ['javascript:alert(1)'] }, 'images'],
        [{ ...announcement, images: 'one.jpg' }, 'images'],
        [{ ...announcement, isActive: 'نعم' }, 'isActive'],
        [{ ...announcement, scheduleInfo: { date: 5 } }, 'scheduleInfo.date'],
      ] as const) {
        const res = await t.http().put('/api/announcement-content').set(admin.auth).send(body).expect(400);
        expect(res.body.errors[0].field).toBe(field);
      }
      const missing = await t
        .http()
        .put('/api/announcement-content')
        .set(admin.auth)
        .send({ description: 'بلا عنوان' })
        .expect(400);
      expect(missing.body).toMatchObject({
        message: 'عنوان الإعلان مطلوب',
        errors: [{ field: 'title', message: 'عنوان الإعلان مطلوب' }],
      });
    });
  });
});
