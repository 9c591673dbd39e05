import { DataSource } from 'typeorm';
import { BannerEntity } from '../src/content/entities/banner.entity';
import { startTestApp, TestApp } from './support/test-app';
import { createUser } from './support/users';

interface BannerBody {
  _id: string;
  id: string;
  text: string;
  link: string | null;
  isActive: boolean;
  order: number;
  createdAt: string;
}

describe('public home content: banners and seller rating summary', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  describe('GET /api/banners', () => {
    it('answers the active banners only, by order then creation time', async () => {
      const repo = db.getRepository(BannerEntity);
      const tag = `اختبار-${Date.now()}`;
      // Inserted out of order, one at a time so creation times differ.
      const rows: Partial<BannerEntity>[] = [
        { text: `${tag} ج`, order: 2, isActive: true, link: null },
        { text: `${tag} مخفي`, order: 0, isActive: false, link: '/hidden' },
        { text: `${tag} أ`, order: 1, isActive: true, link: '/announcement-details' },
        { text: `${tag} ب`, order: 1, isActive: true, link: null },
        { text: `${tag} أول`, order: -1, isActive: true, link: null },
      ];
      for (const row of rows) await repo.save(repo.create(row));

      const res = await t.http().get('/api/banners').expect(200);
      expect(res.body.success).toBe(true);
      const banners: BannerBody[] = res.body.banners;
      expect(banners.every((b) => b.isActive)).toBe(true);
      const mine = banners.filter((b) => b.text.startsWith(tag));
      expect(mine.map((b) => b.text)).toEqual([`${tag} أول`, `${tag} أ`, `${tag} ب`, `${tag} ج`]);
      expect(mine[1]).toEqual({
        _id: expect.any(String),
        id: mine[1]._id,
        text: `${tag} أ`,
        link: '/announcement-details',
        isActive: true,
        order: 1,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      });
      // The whole answer is ordered by (order, createdAt).
      for (let i = 1; i < banners.length; i++) {
        const [a, b] = [banners[i - 1], banners[i]];
        expect(a.order < b.order || (a.order === b.order && a.createdAt <= b.createdAt)).toBe(true);
      }
    });
  });

  describe('GET /api/users/{id}/rating-stats', () => {
    it('answers zeros for a member without ratings', async () => {
      const seller = await createUser(t);
      const res = await t.http().get(`/api/users/${seller.user.id}/rating-stats`).expect(200);
      expect(res.body).toEqual({ success: true, averageRating: 0, validRatings: 0 });
    });

    it('404 USER_NOT_FOUND for an unknown member; 400 INVALID_ID for a non-UUID', async () => {
      const missing = await t.http().get('/api/users/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d/rating-stats').expect(404);
      expect(missing.body.code).toBe('USER_NOT_FOUND');
      expect((await t.http().get('/api/users/short/rating-stats').expect(400)).body.code).toBe('INVALID_ID');
    });
  });

  it('documents every new route in the OpenAPI document', async () => {
    const res = await t.http().get('/api/docs-json').expect(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auctions',
        '/api/auctions/{id}',
        '/api/auctions/user/{id}',
        '/api/auctions/user/{id}/won',
        '/api/auctions/user/{id}/bids',
        '/api/upload/images',
        '/api/stats',
        '/api/banners',
        '/api/users/{id}/rating-stats',
      ]),
    );
    const create = res.body.paths['/api/auctions'].post;
    expect(Object.keys(create.requestBody.content)).toContain('multipart/form-data');
    expect(create.security).toBeDefined();
  });
});
