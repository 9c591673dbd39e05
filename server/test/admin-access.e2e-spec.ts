import { DataSource } from 'typeorm';
import { BannerEntity } from '../src/content/entities/banner.entity';
import { createAuction } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * Every admin route and every site-content write, refused to signed-out callers (401), members
 * (403) and admins without an admin-login token (403), with nothing changed; an admin session
 * gets through. One table, so a route added without its guard shows up here.
 */
describe('admin-only routes', () => {
  let t: TestApp;
  let db: DataSource;
  let member: TestUser;
  let adminWithoutSession: TestUser;
  let admin: TestUser;
  let target: TestUser;
  let auctionId: string;
  let bannerId: string;
  let featureId: string;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    member = await createUser(t, { name: 'عضو عادي' });
    adminWithoutSession = await createUser(t, { isAdmin: true });
    admin = await createUser(t, { isAdmin: true, adminSession: true });
    target = await createUser(t, { name: 'عضو مستهدف' });
    auctionId = (await createAuction(t, target)).id;
    const banners = db.getRepository(BannerEntity);
    bannerId = (await banners.save(banners.create({ text: 'إعلان محمي', link: null, isActive: true, order: 0 }))).id;
    [{ id: featureId }] = await db.query(`SELECT id FROM site_features ORDER BY "order" LIMIT 1`);
  });
  afterAll(() => t.close());

  type Route = { name: string; method: 'get' | 'post' | 'put' | 'delete'; path: () => string; body?: object };
  const routes: Route[] = [
    { name: 'GET /api/admin/stats', method: 'get', path: () => '/api/admin/stats' },
    { name: 'GET /api/admin/users', method: 'get', path: () => '/api/admin/users' },
    { name: 'DELETE /api/admin/users/{id}', method: 'delete', path: () => `/api/admin/users/${target.user.id}` },
    {
      name: 'PUT /api/admin/users/{id}/password',
      method: 'put',
      path: () => `/api/admin/users/${target.user.id}/password`,
      body: { newPassword: 'hijacked1' },
    },
    { name: 'GET /api/admin/auctions', method: 'get', path: () => '/api/admin/auctions' },
    { name: 'GET /api/admin/audit-log', method: 'get', path: () => '/api/admin/audit-log' },
    { name: 'DELETE /api/admin/auctions/{id}', method: 'delete', path: () => `/api/admin/auctions/${auctionId}` },
    { name: 'GET /api/banners/admin', method: 'get', path: () => '/api/banners/admin' },
    {
      name: 'POST /api/banners',
      method: 'post',
      path: () => '/api/banners',
      body: { text: 'إعلان دخيل', isActive: true, order: 0 },
    },
    { name: 'PUT /api/banners/{id}', method: 'put', path: () => `/api/banners/${bannerId}`, body: { isActive: false } },
    { name: 'DELETE /api/banners/{id}', method: 'delete', path: () => `/api/banners/${bannerId}` },
    {
      name: 'PUT /api/site-content/banner',
      method: 'put',
      path: () => '/api/site-content/banner',
      body: { title: 'عنوان دخيل', subtitle: '', description: '' },
    },
    {
      name: 'POST /api/site-content/features',
      method: 'post',
      path: () => '/api/site-content/features',
      body: { icon: '⚠️', title: 'ميزة دخيلة', description: 'وصف' },
    },
    {
      name: 'PUT /api/site-content/features/{id}',
      method: 'put',
      path: () => `/api/site-content/features/${featureId}`,
      body: { icon: '⚠️', title: 'ميزة دخيلة', description: 'وصف' },
    },
    {
      name: 'DELETE /api/site-content/features/{id}',
      method: 'delete',
      path: () => `/api/site-content/features/${featureId}`,
    },
    {
      name: 'PUT /api/announcement-content',
      method: 'put',
      path: () => '/api/announcement-content',
      body: { title: 'إعلان دخيل' },
    },
  ];

  const call = (route: Route, who: TestUser | null) => {
    let req = t.http()[route.method](route.path());
    if (who) req = req.set(who.auth);
    return route.body ? req.send(route.body) : req;
  };

  /** Everything the refused calls above would have changed. */
  const state = async () => ({
    target: (
      await db.query(`SELECT name, password_hash, token_version, deleted_at FROM users WHERE id = $1`, [target.user.id])
    )[0],
    auction: (await db.query(`SELECT status FROM auctions WHERE id = $1`, [auctionId]))[0],
    banners: await db.query(`SELECT id, text, is_active FROM banners ORDER BY id`),
    siteBanner: await db.query(`SELECT title, subtitle, description FROM site_banner`),
    features: await db.query(`SELECT id, icon, title, description FROM site_features ORDER BY id`),
    announcements: await db.query(`SELECT id FROM announcement_content`),
    audit: await db.query(`SELECT count(*)::int AS n FROM audit_log`),
  });

  it.each(routes.map((r) => [r.name, r] as const))(
    '%s: 401 signed out, 403 for members and admins without an admin session',
    async (_name, route) => {
      const before = await state();
      const anonymous = await call(route, null).expect(401);
      expect(anonymous.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', message: 'يجب تسجيل الدخول أولاً' });
      for (const who of [member, adminWithoutSession]) {
        const res = await call(route, who).expect(403);
        expect(res.body).toMatchObject({
          statusCode: 403,
          code: 'ADMIN_ONLY',
          message: 'هذه العملية متاحة للمشرفين فقط',
        });
      }
      const bad = await t
        .http()
        [route.method](route.path())
        .set('Authorization', 'Bearer not-a-token')
        .send(route.body ?? {});
      expect(bad.status).toBe(401);
      expect(await state()).toEqual(before);
    },
  );

  it('documents every one of these routes as admin-only in the OpenAPI document', async () => {
    const docs = (await t.http().get('/api/docs-json').expect(200)).body;
    for (const route of routes) {
      const [method, path] = route.name.split(' ');
      const operation = docs.paths[path]?.[method.toLowerCase()];
      expect({ route: route.name, documented: Boolean(operation) }).toEqual({ route: route.name, documented: true });
      expect(operation.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403']));
      expect(operation.summary).toEqual(expect.any(String));
    }
    expect(docs.paths['/api/site-content'].get).toBeDefined();
  });

  it('lets an admin session through every read', async () => {
    for (const route of routes.filter((r) => r.method === 'get')) {
      await call(route, admin).expect(200);
    }
  });
});
