import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

/**
 * R-BANNERS (docs/security.md): the banner link `/\evil.example` passed the safe-URL check (browsers read `/\host`
 * and `//host` as another site). Links and announcement images accept only same-site paths (a
 * single `/` not followed by `/` or `\`) or `https:` addresses (content-fields.ts SAFE_URL).
 */
describe('banner links and announcement images stay on the site or use https', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await createUser(t, { isAdmin: true, adminSession: true });
  });
  afterAll(() => t.close());

  const REFUSED = [
    '/\\evil.example',
    '/\\/evil.example',
    '//evil.example',
    '///evil.example',
    '/%5Cevil.example\\x',
    'http://evil.example',
    'https:/\\evil.example',
    'https:evil.example',
    'https://mazad.jo@evil.example/',
    'https://evil.example\\@mazad.jo',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    ' /\\evil.example',
    'evil.example',
  ];
  const ACCEPTED = [
    '/announcement-details',
    '/',
    '/auction/5?x=1#top',
    'https://cdn.example.com/a.png',
    'https://example.com',
  ];

  it.each(REFUSED)('refuses the banner link %s', async (link) => {
    const res = await t.http().post('/api/banners').set(admin.auth).send({ text: 'إعلان', link });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'link' }] });
    expect(res.body.message).toMatch(/https:\/\//);
  });

  it.each(REFUSED)('refuses the announcement image %s', async (image) => {
    const res = await t
      .http()
      .put('/api/announcement-content')
      .set(admin.auth)
      .send({ title: 'إعلان', images: ['/uploads/a.webp', image] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('images');
  });

  it.each(ACCEPTED)('accepts %s', async (link) => {
    const res = await t.http().post('/api/banners').set(admin.auth).send({ text: 'إعلان', link }).expect(201);
    expect(res.body.data.link).toBe(link);
  });
});
