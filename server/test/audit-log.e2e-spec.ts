import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuditLog } from '../src/audit';
import { createAuction } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

interface Row {
  actor_id: string;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string | null;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
}

/**
 * The operators' audit log (R-AUDIT-LOG): every operator action writes its entry in its own
 * transaction (a refused action writes none), the table refuses UPDATE, DELETE and TRUNCATE,
 * and GET /api/admin/audit-log reads it (operators only, filtered, paged, as CSV: R-CSV-EXPORT).
 */
describe('audit log', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    admin = await createUser(t, { isAdmin: true, adminSession: true, name: 'المشرفة ليلى' });
  });
  afterAll(() => t.close());

  /** The entries `who` wrote, oldest first. */
  const entriesOf = (who: TestUser): Promise<Row[]> =>
    db.query(
      `SELECT actor_id, actor_name, action, target_type, target_id, reason, before, after, created_at
         FROM audit_log WHERE actor_id = $1 ORDER BY created_at, id`,
      [who.user.id],
    );
  /** The one entry a call of `who` added. */
  async function entryOf(who: TestUser, act: () => Promise<unknown>): Promise<Row> {
    const before = (await entriesOf(who)).length;
    await act();
    const after = await entriesOf(who);
    expect(after).toHaveLength(before + 1);
    return after.at(-1)!;
  }
  const as = (who: TestUser) => ({
    get: (path: string) => t.http().get(path).set(who.auth),
    post: (path: string, body: object) => t.http().post(path).set(who.auth).send(body),
    put: (path: string, body: object) => t.http().put(path).set(who.auth).send(body),
    patch: (path: string, body: object) => t.http().patch(path).set(who.auth).send(body),
    delete: (path: string) => t.http().delete(path).set(who.auth),
  });
  const newBanner = async (text = 'إعلان تجريبي') =>
    (await as(admin).post('/api/banners', { text, isActive: true, order: 3 }).expect(201)).body.data.id as string;

  describe('every operator action writes its entry', () => {
    it('user.delete: deleted, the auctions cancelled, the actor and their name; no personal data', async () => {
      const target = await createUser(t, { name: 'عضو سيحذف' });
      const e = await entryOf(admin, () => as(admin).delete(`/api/admin/users/${target.user.id}`).expect(200));
      expect(e).toMatchObject({
        actor_id: admin.user.id,
        actor_name: 'المشرفة ليلى',
        action: 'user.delete',
        target_type: 'user',
        target_id: target.user.id,
        reason: null,
        before: { deleted: false },
        after: { deleted: true, cancelledAuctions: 0 },
      });
      expect(JSON.stringify(e)).not.toContain(target.user.email);
      expect(JSON.stringify(e)).not.toContain('عضو سيحذف');
      // Repeating it changes nothing, and records nothing.
      const count = (await entriesOf(admin)).length;
      await as(admin).delete(`/api/admin/users/${target.user.id}`).expect(200);
      expect(await entriesOf(admin)).toHaveLength(count);
    });

    it('user.set_password: that the password changed, never the hash', async () => {
      const target = await createUser(t);
      const e = await entryOf(admin, () =>
        as(admin).put(`/api/admin/users/${target.user.id}/password`, { newPassword: 'new-secret-1' }).expect(200),
      );
      expect(e).toMatchObject({ action: 'user.set_password', target_type: 'user', target_id: target.user.id });
      expect(e.before).toBeNull();
      expect(e.after).toEqual({ password: true });
      const [{ password_hash }] = await db.query(`SELECT password_hash FROM users WHERE id = $1`, [target.user.id]);
      expect(JSON.stringify(e)).not.toContain(password_hash);
      expect(JSON.stringify(e)).not.toContain('new-secret-1');
    });

    it('auction.delete: the status before and after', async () => {
      const seller = await createUser(t);
      const auction = await createAuction(t, seller);
      const e = await entryOf(admin, () => as(admin).delete(`/api/admin/auctions/${auction.id}`).expect(200));
      expect(e).toMatchObject({
        action: 'auction.delete',
        target_type: 'auction',
        target_id: auction.id,
        before: { status: 'نشط' },
        after: { status: 'محذوف' },
      });
    });

    it("bid.cancel: the operator's reason and the price before and after", async () => {
      const seller = await createUser(t);
      const bidder = await createUser(t);
      const auction = await createAuction(t, seller, { startingPrice: 10, endsInSeconds: 48 * 3600 });
      const placed = await t
        .http()
        .post(`/api/auctions/${auction.id}/bid`)
        .set(bidder.auth)
        .set('Idempotency-Key', randomUUID())
        .send({ amount: 15 })
        .expect(200);
      const bidId = placed.body.bid._id;
      const reason = 'أكد العضو أن المبلغ خطأ في الكتابة';
      const e = await entryOf(admin, () => as(admin).post(`/api/admin/bids/${bidId}/cancel`, { reason }).expect(200));
      expect(e).toMatchObject({
        action: 'bid.cancel',
        target_type: 'bid',
        target_id: bidId,
        reason,
        before: { cancelled: false, auctionPrice: 15 },
        after: { cancelled: true, auctionPrice: 10, cancelledBids: 1 },
      });
    });

    it('banner.create, banner.update (only the changed fields), banner.delete', async () => {
      let id = '';
      const created = await entryOf(admin, async () => (id = await newBanner('إعلان جديد')));
      expect(created).toMatchObject({
        action: 'banner.create',
        target_type: 'banner',
        target_id: id,
        before: null,
        after: { text: 'إعلان جديد', link: null, isActive: true, order: 3 },
      });
      const updated = await entryOf(admin, () => as(admin).put(`/api/banners/${id}`, { isActive: false }).expect(200));
      expect(updated).toMatchObject({
        action: 'banner.update',
        before: { isActive: true },
        after: { isActive: false },
      });
      const removed = await entryOf(admin, () => as(admin).delete(`/api/banners/${id}`).expect(200));
      expect(removed).toMatchObject({
        action: 'banner.delete',
        target_id: id,
        before: { text: 'إعلان جديد', isActive: false },
        after: null,
      });
    });

    it('site_banner.update: the changed fields of the single row, no target id', async () => {
      // The other suites share the row: it is put back as it was.
      const { banner: original } = (await t.http().get('/api/site-content').expect(200)).body;
      const e = await entryOf(admin, () =>
        as(admin).put('/api/site-content/banner', { title: 'عنوان جديد', subtitle: '', description: '' }).expect(200),
      );
      expect(e).toMatchObject({ action: 'site_banner.update', target_type: 'site_banner', target_id: null });
      expect(e.after).toMatchObject({ title: 'عنوان جديد' });
      expect(e.before).toMatchObject({ title: original.title });
      await as(admin).put('/api/site-content/banner', original).expect(200);
    });

    it('site_feature.create, site_feature.update, site_feature.delete', async () => {
      const card = { icon: '⭐', title: 'ميزة', description: 'وصف الميزة' };
      let id = '';
      const created = await entryOf(admin, async () => {
        id = (await as(admin).post('/api/site-content/features', card).expect(201)).body.feature.id;
      });
      expect(created).toMatchObject({ action: 'site_feature.create', target_id: id, after: card, before: null });
      const updated = await entryOf(admin, () =>
        as(admin)
          .put(`/api/site-content/features/${id}`, { ...card, title: 'ميزة معدلة' })
          .expect(200),
      );
      expect(updated).toMatchObject({
        action: 'site_feature.update',
        before: { title: 'ميزة' },
        after: { title: 'ميزة معدلة' },
      });
      const removed = await entryOf(admin, () => as(admin).delete(`/api/site-content/features/${id}`).expect(200));
      expect(removed).toMatchObject({ action: 'site_feature.delete', before: { title: 'ميزة معدلة' }, after: null });
    });

    it('announcement.update: the page before and after', async () => {
      await as(admin).put('/api/announcement-content', { title: 'إعلان أول' }).expect(200);
      const e = await entryOf(admin, () =>
        as(admin).put('/api/announcement-content', { title: 'إعلان ثان', isActive: false }).expect(200),
      );
      expect(e).toMatchObject({
        action: 'announcement.update',
        target_type: 'announcement',
        before: { title: 'إعلان أول', isActive: true },
        after: { title: 'إعلان ثان', isActive: false },
      });
    });

    it('contact_message.update and contact_message.delete', async () => {
      const [{ id }] = await db.query(
        `INSERT INTO contact_messages (name, email, subject, message) VALUES ('سارة', 'sara@example.com', 'support', 'سؤال') RETURNING id`,
      );
      const updated = await entryOf(admin, () =>
        as(admin).patch(`/api/admin/contact-messages/${id}`, { handled: true }).expect(200),
      );
      expect(updated).toMatchObject({
        action: 'contact_message.update',
        target_type: 'contact_message',
        target_id: id,
        before: { handled: false },
        after: { handled: true },
      });
      const removed = await entryOf(admin, () => as(admin).delete(`/api/admin/contact-messages/${id}`).expect(200));
      expect(removed).toMatchObject({
        action: 'contact_message.delete',
        before: { subject: 'support', handled: true },
        after: null,
      });
      expect(JSON.stringify(removed)).not.toContain('sara@example.com');
    });
  });

  it('a refused action writes nothing', async () => {
    const missing = randomUUID();
    const count = (await entriesOf(admin)).length;
    await as(admin).delete(`/api/admin/users/${missing}`).expect(404);
    await as(admin).put(`/api/admin/users/${missing}/password`, { newPassword: 'secret-22' }).expect(404);
    await as(admin).delete(`/api/admin/auctions/${missing}`).expect(404);
    await as(admin).post(`/api/admin/bids/${missing}/cancel`, { reason: 'سبب كاف للإلغاء' }).expect(404);
    await as(admin).put(`/api/banners/${missing}`, { isActive: false }).expect(404);
    await as(admin).delete(`/api/banners/${missing}`).expect(404);
    await as(admin).delete(`/api/site-content/features/${missing}`).expect(404);
    await as(admin).patch(`/api/admin/contact-messages/${missing}`, { handled: true }).expect(404);
    await as(admin).delete(`/api/admin/users/${admin.user.id}`).expect(400);
    expect(await entriesOf(admin)).toHaveLength(count);
  });

  it('an entry lives and dies with its transaction, and needs a known actor', async () => {
    const count = (await entriesOf(admin)).length;
    const entry = {
      actorId: admin.user.id,
      action: 'banner.delete',
      target: { type: 'banner', id: randomUUID() },
    } as const;
    await expect(
      db.transaction(async (m) => {
        await AuditLog.record(m, entry);
        throw new Error('the action failed after its entry');
      }),
    ).rejects.toThrow('the action failed');
    expect(await entriesOf(admin)).toHaveLength(count);
    await expect(db.transaction((m) => AuditLog.record(m, { ...entry, actorId: randomUUID() }))).rejects.toThrow(
      /actor_name/,
    );
  });

  it('the database refuses to change or remove an entry', async () => {
    await newBanner();
    const [{ id }] = await db.query(`SELECT id FROM audit_log WHERE actor_id = $1 LIMIT 1`, [admin.user.id]);
    await expect(db.query(`UPDATE audit_log SET reason = 'مزور' WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM audit_log WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
    await expect(db.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
    expect(await db.query(`SELECT reason FROM audit_log WHERE id = $1`, [id])).toHaveLength(1);
  });

  describe('GET /api/admin/audit-log', () => {
    let operator: TestUser;
    let first: string;
    let second: string;

    beforeAll(async () => {
      operator = await createUser(t, { isAdmin: true, adminSession: true, name: '=SUM(1+1) مشرف السجل' });
      const banner = (text: string) =>
        as(operator).post('/api/banners', { text, isActive: true, order: 0 }).expect(201);
      first = (await banner('=HYPERLINK("http://evil")')).body.data.id;
      second = (await banner('نص، "مقتبس"')).body.data.id;
      await as(operator).put(`/api/banners/${second}`, { isActive: false }).expect(200);
    });

    const log = (query: Record<string, string | number>) =>
      as(admin)
        .get('/api/admin/audit-log')
        .query({ actorId: operator.user.id, ...query });

    it('answers 401 without a session, 403 to members and to admins without an admin session', async () => {
      const anonymous = await t.http().get('/api/admin/audit-log').expect(401);
      expect(anonymous.body).toMatchObject({ code: 'UNAUTHORIZED' });
      const member = await createUser(t);
      const plainAdmin = await createUser(t, { isAdmin: true });
      for (const who of [member, plainAdmin]) {
        expect((await as(who).get('/api/admin/audit-log').expect(403)).body).toMatchObject({ code: 'ADMIN_ONLY' });
      }
      await t.http().get('/api/admin/audit-log').set('Accept', 'text/csv').expect(401);
    });

    it('lists newest first with the total, paged', async () => {
      const all = (await log({}).expect(200)).body;
      expect(all).toMatchObject({ success: true, total: 3, page: 1, limit: 25 });
      expect(all.entries.map((e: { action: string }) => e.action)).toEqual([
        'banner.update',
        'banner.create',
        'banner.create',
      ]);
      expect(all.entries[0]).toMatchObject({
        actorId: operator.user.id,
        actorName: '=SUM(1+1) مشرف السجل',
        targetType: 'banner',
        targetId: second,
        before: { isActive: true },
        after: { isActive: false },
        createdAt: expect.any(String),
      });
      const page2 = (await log({ page: 2, limit: 2 }).expect(200)).body;
      expect(page2).toMatchObject({ total: 3, page: 2, limit: 2 });
      expect(page2.entries.map((e: { targetId: string }) => e.targetId)).toEqual([first]);
    });

    it('filters by actor, action, target type, target id and dates', async () => {
      const ids = async (query: Record<string, string>) =>
        (await log(query).expect(200)).body.entries.map((e: { targetId: string; action: string }) => [
          e.action,
          e.targetId,
        ]);
      expect(await ids({ action: 'banner.update' })).toEqual([['banner.update', second]]);
      expect(await ids({ targetId: first })).toEqual([['banner.create', first]]);
      expect(await ids({ targetType: 'user' })).toEqual([]);
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Amman' });
      expect(await ids({ from: today, to: today })).toHaveLength(3);
      expect(await ids({ to: '2000-01-01' })).toEqual([]);
      expect(await ids({ from: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
      const others = (await as(admin).get('/api/admin/audit-log').query({ action: 'banner.update' }).expect(200)).body
        .entries;
      expect(others.length).toBeGreaterThanOrEqual(1);
      const refused = await log({ action: 'user.explode' }).expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR' });
      await log({ from: 'yesterday' }).expect(400);
      // ISO 8601 dates that are no day or instant for the database (a year, a week): 400, not 500.
      for (const date of ['4766', '2026-W05', '2026-02', '2026-031'])
        for (const end of ['from', 'to']) await log({ [end]: date }).expect(400);
      await log({ from: '2026-01-31', to: '2026-02-28T23:59:59+02:00' }).expect(200);
      await log({ targetId: 'nope' }).expect(400);
    });

    it('answers the filtered log as CSV: BOM, Arabic headers, RFC 4180 quoting, formulas neutralised', async () => {
      const res = await log({ limit: 1 })
        .set('Accept', 'text/csv')
        .buffer(true)
        .parse((r, done) => {
          let text = '';
          r.setEncoding('utf8');
          r.on('data', (chunk: string) => (text += chunk));
          r.on('end', () => done(null, text));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-log\.csv"/);
      const text = res.body as string;
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = text.slice(1).split('\r\n');
      expect(lines[0]).toBe('التاريخ,المشرف,معرّف المشرف,العملية,نوع الهدف,معرّف الهدف,السبب,قبل,بعد');
      // Every entry of the filter (limit ignored): a header, three records, a final CRLF.
      expect(text).toContain('تعديل إعلان');
      expect(text.match(/إضافة إعلان/g)).toHaveLength(2);
      // A cell with quotes and a comma is quoted, its quotes doubled (the JSON keeps its own escapes).
      expect(text).toContain(`""text"":""نص، \\""مقتبس\\""""`);
      expect(text).toContain(`""text"":""=HYPERLINK(\\""http://evil\\"")""`);
      expect(text.endsWith('\r\n')).toBe(true);
      // The operator's name starts with "=": a spreadsheet would run it, so it gets an apostrophe.
      expect(text).toContain(`,'=SUM(1+1) مشرف السجل,${operator.user.id},`);
      expect(text).not.toMatch(/(^|,)=/m);
    });
  });
});
