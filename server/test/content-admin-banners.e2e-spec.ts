import { randomUUID } from 'node:crypto';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

interface BannerBody {
  _id: string;
  id: string;
  text: string;
  link: string | null;
  isActive: boolean;
  order: number;
  createdAt: string;
}

/** Banner management (admin): list all, add, edit, toggle, delete, with their validation (R-BANNERS). */
describe('banner management', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await createUser(t, { isAdmin: true, adminSession: true });
  });
  afterAll(() => t.close());

  const create = (body: object) => t.http().post('/api/banners').set(admin.auth).send(body);
  const update = (id: string, body: object) => t.http().put(`/api/banners/${id}`).set(admin.auth).send(body);
  const adminList = async () =>
    (await t.http().get('/api/banners/admin').set(admin.auth).expect(200)).body as {
      success: true;
      data: BannerBody[];
    };
  const publicList = async () => (await t.http().get('/api/banners').expect(200)).body.banners as BannerBody[];

  it('adds a banner: text trimmed, empty link omitted, the client defaults kept', async () => {
    const text = `مزادات السيارات ${randomUUID().slice(0, 6)}`;
    const res = await create({ text: `   ${text}  `, link: '', isActive: true, order: 0 }).expect(201);
    expect(res.body).toEqual({
      success: true,
      message: 'تمت إضافة الإعلان بنجاح',
      data: {
        _id: expect.any(String),
        id: res.body.data._id,
        text,
        link: null,
        isActive: true,
        order: 0,
        createdAt: expect.stringMatching(/Z$/),
      },
    });
    const withLink = await create({ text: 'إعلان برابط', link: ' /announcement-details ' }).expect(201);
    expect(withLink.body.data).toMatchObject({ link: '/announcement-details', isActive: true, order: 0 });
    expect((await publicList()).map((b) => b._id)).toEqual(
      expect.arrayContaining([res.body.data._id, withLink.body.data._id]),
    );
  });

  it('requires the text (trimmed) and checks the other fields, naming them', async () => {
    for (const text of [undefined, '', '    ']) {
      const res = await create({ text, isActive: true, order: 0 }).expect(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'نص الإعلان مطلوب',
        error: 'نص الإعلان مطلوب',
        errors: [{ field: 'text', message: 'نص الإعلان مطلوب' }],
      });
    }
    const long = await create({ text: 'أ'.repeat(301) }).expect(400);
    expect(long.body.errors[0].field).toBe('text');
    const link = await create({ text: 'إعلان', link: 'javascript:alert(1)' }).expect(400);
    expect(link.body.errors[0].field).toBe('link');
    const active = await create({ text: 'إعلان', isActive: 'yes' }).expect(400);
    expect(active.body.errors[0].field).toBe('isActive');
    const order = await create({ text: 'إعلان', order: 1.5 }).expect(400);
    expect(order.body.errors[0].field).toBe('order');
    const unknown = await create({ text: 'إعلان', colour: 'red' }).expect(400);
    expect(unknown.body.code).toBe('UNKNOWN_FIELD');
  });

  it('lists every banner for admins, hidden ones included, in display order', async () => {
    const tag = randomUUID().slice(0, 6);
    await create({ text: `${tag} ثاني`, order: 2 }).expect(201);
    await create({ text: `${tag} مخفي`, order: 1, isActive: false }).expect(201);
    await create({ text: `${tag} أول`, order: -5 }).expect(201);
    const { success, data } = await adminList();
    expect(success).toBe(true);
    expect(data.filter((b) => b.text.startsWith(tag)).map((b) => b.text)).toEqual([
      `${tag} أول`,
      `${tag} مخفي`,
      `${tag} ثاني`,
    ]);
    for (let i = 1; i < data.length; i++) {
      expect(
        data[i - 1].order < data[i].order ||
          (data[i - 1].order === data[i].order && data[i - 1].createdAt <= data[i].createdAt),
      ).toBe(true);
    }
    expect((await publicList()).some((b) => b.text === `${tag} مخفي`)).toBe(false);
  });

  it('edits text and link (no link removes it) and toggles visibility without touching the rest', async () => {
    const created = (await create({ text: 'نص قديم', link: '/old' }).expect(201)).body.data as BannerBody;
    const edited = await update(created._id, { text: '  نص جديد ', link: 'https://example.com/offers' }).expect(200);
    expect(edited.body).toMatchObject({
      success: true,
      message: 'تم تحديث الإعلان بنجاح',
      data: { text: 'نص جديد', link: 'https://example.com/offers', isActive: true },
    });

    const hidden = await update(created._id, { isActive: false }).expect(200);
    expect(hidden.body.data).toMatchObject({ text: 'نص جديد', link: 'https://example.com/offers', isActive: false });
    expect((await publicList()).some((b) => b._id === created._id)).toBe(false);
    expect((await adminList()).data.find((b) => b._id === created._id)).toMatchObject({ isActive: false });

    const shown = await update(created._id, { isActive: true }).expect(200);
    expect(shown.body.data.isActive).toBe(true);
    expect((await publicList()).some((b) => b._id === created._id)).toBe(true);

    const unlinked = await update(created._id, { text: 'نص بلا رابط' }).expect(200);
    expect(unlinked.body.data).toMatchObject({ text: 'نص بلا رابط', link: null, isActive: true });

    const blank = await update(created._id, { text: '   ' }).expect(400);
    expect(blank.body.errors).toEqual([{ field: 'text', message: 'نص الإعلان مطلوب' }]);
  });

  it('deletes a banner; an unknown one is 404 BANNER_NOT_FOUND', async () => {
    const created = (await create({ text: 'إعلان مؤقت' }).expect(201)).body.data as BannerBody;
    const res = await t.http().delete(`/api/banners/${created._id}`).set(admin.auth).expect(200);
    expect(res.body).toEqual({ success: true, message: 'تم حذف الإعلان بنجاح' });
    expect((await adminList()).data.some((b) => b._id === created._id)).toBe(false);
    for (const call of [
      t.http().delete(`/api/banners/${created._id}`),
      t.http().put(`/api/banners/${created._id}`).send({ isActive: false }),
    ]) {
      const missing = await call.set(admin.auth).expect(404);
      expect(missing.body).toMatchObject({ code: 'BANNER_NOT_FOUND', message: 'الإعلان غير موجود' });
    }
    const invalid = await t.http().delete('/api/banners/42').set(admin.auth).expect(400);
    expect(invalid.body.code).toBe('INVALID_ID');
  });
});
