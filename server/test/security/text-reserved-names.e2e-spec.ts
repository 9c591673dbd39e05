import { isReservedName, RESERVED_NAMES } from '@mazad/contracts';
import { BOOTSTRAP_ADMIN_NAME } from '../../src/auth/commands/bootstrap-admin/bootstrap-admin.handler';
import { DEMO_MEMBERS } from '../../src/seed/demo-members';
import { register } from '../support/auth';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

/**
 * R-RESERVED-NAMES (docs/security.md): a member could call themselves "مدير النظام" or take a demo account's name. Staff
 * and demo names are reserved (one list: contracts' RESERVED_NAMES), compared after Arabic
 * normalisation, look-alike folding and with invisible characters removed: register and profile
 * update answer 400 naming the field, in Arabic.
 */
describe('staff and demo names are reserved', () => {
  let t: TestApp;
  let member: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    member = await createUser(t);
  });
  afterAll(() => t.close());

  const RESERVED_MESSAGE = 'الاسم محجوز لفريق الموقع، يرجى اختيار اسم آخر';

  const IMPERSONATIONS = [
    'مدير النظام',
    'مُدِيـــر النِّظَام',
    'مديرالنظام',
    'مدير\u200C النظام',
    'ﻣﺪﻳﺮ ﺍﻟﻨﻈﺎﻡ',
    'الإدارة',
    'ادارة',
    'إدارة مزاد',
    'مزاد',
    'المزاد',
    'فريق مزاد',
    'الدعم الفني',
    'الدعم الفنى',
    'خدمة العملاء - أحمد',
    'admin',
    'Admin Sara',
    'ADM1N',
    'Аdmin',
    'ádmin',
    'Support',
    'Mazad Support',
    'mazad',
    'سارة أحمد (تجريبي)',
    'خالد العمري تجريبي',
  ];

  it.each(IMPERSONATIONS)('register refuses "%s"', async (name) => {
    const { res } = await register(t, { name });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: RESERVED_MESSAGE,
      errors: [{ field: 'name', message: RESERVED_MESSAGE }],
    });
  });

  it.each(IMPERSONATIONS)('profile update refuses "%s"', async (name) => {
    const res = await t
      .http()
      .put(`/api/users/${member.user.id}`)
      .set(member.auth)
      .send({ name, phone: '+962 79 123 4567', location: 'عمّان' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'name', message: RESERVED_MESSAGE }]);
  });

  it('the list covers the names the server itself gives: the first admin and every demo member', () => {
    expect(isReservedName(BOOTSTRAP_ADMIN_NAME)).toBe(true);
    for (const demo of DEMO_MEMBERS)
      expect({ name: demo.name, reserved: isReservedName(demo.name) }).toEqual({
        name: demo.name,
        reserved: true,
      });
    for (const phrase of [...RESERVED_NAMES.phrases, ...RESERVED_NAMES.wholeNames]) {
      expect({ phrase, reserved: isReservedName(phrase) }).toEqual({ phrase, reserved: true });
    }
  });

  it('keeps ordinary names that merely contain such words', async () => {
    for (const name of ['سارة أحمد', 'خالد العمري', 'بائع المزاد المباشر', 'مراقب المزاد', 'Padmini', 'عبد الإله']) {
      expect({ name, reserved: isReservedName(name) }).toEqual({ name, reserved: false });
    }
    const { res } = await register(t, { name: 'سارة أحمد' });
    expect(res.status).toBeLessThan(300);
  });
});
