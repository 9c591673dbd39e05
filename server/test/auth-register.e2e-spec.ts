import { FIELDS } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { ChallengeService } from '../src/auth/challenges/challenge.service';
import { RateLimitService } from '../src/infrastructure/rate-limit/rate-limit.service';
import { RedisService } from '../src/infrastructure/redis/redis.service';
import { clientIp, register, registrationFields, solveChallenge, solvedChallenge } from './support/auth';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, uniqueEmail } from './support/users';

describe('accounts: registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = (body: object, ip = clientIp()) =>
    t.http().post('/api/auth/register').set('X-Forwarded-For', ip).send(body);

  describe('GET /api/auth/challenge', () => {
    it('issues arithmetic questions with Latin digits and the specified operators and ranges', async () => {
      const operators = new Set<string>();
      const ids = new Set<string>();
      for (let i = 0; i < 60; i++) {
        const res = await t.http().get('/api/auth/challenge').expect(200);
        expect(Object.keys(res.body).sort()).toEqual(['challengeId', 'question']);
        const m = /^(\d+) ([+\-×]) (\d+)$/.exec(res.body.question);
        expect(m).not.toBeNull();
        const [a, op, b] = [Number(m![1]), m![2], Number(m![3])];
        operators.add(op);
        if (op === '+') expect(a >= 1 && a <= 20 && b >= 1 && b <= 20).toBe(true);
        if (op === '-') expect(a >= 10 && a <= 39 && b >= 1 && b < a).toBe(true);
        if (op === '×') expect(a >= 1 && a <= 10 && b >= 1 && b <= 10).toBe(true);
        ids.add(res.body.challengeId);
      }
      expect(ids.size).toBe(60);
      expect(operators.size).toBe(3);
    });

    it('keeps the answer in Redis for 10 minutes', async () => {
      const res = await t.http().get('/api/auth/challenge').expect(200);
      const key = t.app.get(ChallengeService).key(res.body.challengeId);
      const redis = t.app.get(RedisService).client;
      expect(Number(await redis.get(key))).toBe(solveChallenge(res.body.question));
      const ttl = await redis.ttl(key);
      expect(ttl).toBeGreaterThan(590);
      expect(ttl).toBeLessThanOrEqual(600);
    });
  });

  describe('POST /api/auth/register', () => {
    it('creates an unverified account without a token (email lower-cased and trimmed)', async () => {
      const email = uniqueEmail('NewMember');
      const { res, fields } = await register(t, { email: `  ${email.toUpperCase()} `, name: '  سارة أحمد ' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        success: true,
        message: expect.stringMatching(/[\u0600-\u06FF]/),
        user: {
          _id: expect.any(String),
          id: res.body.user._id,
          name: 'سارة أحمد',
          email: email.toLowerCase(),
          // Typed "+962 79 555 0101", kept in its one form (R-NUMBER-INPUT).
          phone: '+962795550101',
          location: fields.location,
          profileImage: null,
          isVerified: false,
          isAdmin: false,
          createdAt: expect.any(String),
        },
      });
      expect(res.body.token).toBeUndefined();
      const [row] = await t.app
        .get(DataSource)
        .query('SELECT email, password_hash, is_verified FROM users WHERE id = $1', [res.body.user._id]);
      expect(row.email).toBe(email.toLowerCase());
      expect(row.is_verified).toBe(false);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(JSON.stringify(res.body)).not.toContain(row.password_hash);
    });

    it('accepts the answer as a numeric string and verificationMethod omitted', async () => {
      const ip = clientIp();
      const challenge = await solvedChallenge(t, ip);
      const { verificationMethod: _omit, ...fields } = registrationFields();
      const res = await post(
        { ...fields, challengeId: challenge.challengeId, challengeAnswer: String(challenge.challengeAnswer) },
        ip,
      );
      expect(res.status).toBe(201);
    });

    it('answers 409 EMAIL_TAKEN with redirectToReset for an existing email, whatever its case', async () => {
      const existing = await createUser(t);
      const { res } = await register(t, { email: existing.user.email.toUpperCase() });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        statusCode: 409,
        code: 'EMAIL_TAKEN',
        redirectToReset: true,
        message: 'البريد الإلكتروني مسجل مسبقاً',
      });
      expect(res.body.error).toBe(res.body.message);
    });

    it('refuses a wrong answer with 400 CHALLENGE_INVALID and burns the challenge', async () => {
      const ip = clientIp();
      const challenge = await solvedChallenge(t, ip);
      const fields = registrationFields();
      const wrong = await post(
        { ...fields, challengeId: challenge.challengeId, challengeAnswer: challenge.challengeAnswer + 1 },
        ip,
      ).expect(400);
      expect(wrong.body).toMatchObject({ code: 'CHALLENGE_INVALID', message: expect.stringMatching(/المعادلة/) });
      // Single use: even the right answer no longer works for that challenge.
      const retry = await post({ ...fields, ...challenge }, ip).expect(400);
      expect(retry.body.code).toBe('CHALLENGE_INVALID');
    });

    it('refuses a reused, unknown or expired challenge', async () => {
      const ip = clientIp();
      const challenge = await solvedChallenge(t, ip);
      await post({ ...registrationFields(), ...challenge }, ip).expect(201);
      const reused = await post({ ...registrationFields(), ...challenge }, ip).expect(400);
      expect(reused.body.code).toBe('CHALLENGE_INVALID');

      const unknown = await post(
        { ...registrationFields(), challengeId: '00000000-0000-4000-8000-000000000000', challengeAnswer: 3 },
        ip,
      ).expect(400);
      expect(unknown.body.code).toBe('CHALLENGE_INVALID');

      const expiring = await solvedChallenge(t, ip);
      await t.app.get(RedisService).client.pexpire(t.app.get(ChallengeService).key(expiring.challengeId), 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const expired = await post({ ...registrationFields(), ...expiring }, ip).expect(400);
      expect(expired.body.code).toBe('CHALLENGE_INVALID');
    });

    describe('validation (Arabic messages that name the field)', () => {
      const cases: [string, Record<string, unknown>, string, string][] = [
        ['name missing', { name: undefined }, 'name', 'الاسم مطلوب'],
        ['name blank', { name: '   ' }, 'name', 'الاسم مطلوب'],
        ['name of one letter', { name: 'س' }, 'name', 'الاسم يجب أن يكون حرفين على الأقل'],
        ['name not text', { name: 42 }, 'name', 'الاسم يجب أن يكون نصاً'],
        ['name too long', { name: 'س'.repeat(101) }, 'name', 'الاسم يجب ألا يتجاوز 100 حرفاً'],
        ['email missing', { email: undefined }, 'email', 'البريد الإلكتروني مطلوب'],
        ['email empty', { email: '' }, 'email', 'البريد الإلكتروني مطلوب'],
        ['email invalid', { email: 'not-an-email' }, 'email', 'البريد الإلكتروني غير صالح'],
        ['email without domain', { email: 'someone@' }, 'email', 'البريد الإلكتروني غير صالح'],
        ['phone missing', { phone: undefined }, 'phone', 'رقم الهاتف مطلوب'],
        ['phone with letters', { phone: '079abc4567' }, 'phone', FIELDS.phone.messages.invalid!],
        ['phone with other symbols', { phone: '079#123' }, 'phone', FIELDS.phone.messages.invalid!],
        ['phone too long', { phone: '1'.repeat(31) }, 'phone', FIELDS.phone.messages.invalid!],
        ['phone of another country', { phone: '+966 50 123 4567' }, 'phone', FIELDS.phone.messages.invalid!],
        ['location missing', { location: undefined }, 'location', 'الموقع مطلوب'],
        ['location blank', { location: ' ' }, 'location', 'الموقع مطلوب'],
        ['password missing', { password: undefined }, 'password', 'كلمة المرور مطلوبة'],
        ['password of 5 characters', { password: '12345' }, 'password', 'كلمة المرور يجب أن تكون 6 أحرف على الأقل'],
        [
          'verificationMethod other than math',
          { verificationMethod: 'sms' },
          'verificationMethod',
          'طريقة التحقق غير صالحة',
        ],
        ['challenge missing', { challengeId: undefined }, 'challengeId', 'يرجى حل المعادلة أولاً'],
        ['challenge answer missing', { challengeAnswer: undefined }, 'challengeAnswer', 'يرجى حل المعادلة أولاً'],
        [
          'challenge answer not a number',
          { challengeAnswer: 'twelve' },
          'challengeAnswer',
          'إجابة المعادلة يجب أن تكون رقماً',
        ],
      ];

      it.each(cases)('%s', async (_label, change, field, message) => {
        const body: Record<string, unknown> = {
          ...registrationFields(),
          challengeId: 'c',
          challengeAnswer: 1,
          ...change,
        };
        for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
        const res = await post(body).expect(400);
        expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR', message, error: message });
        expect(res.body.errors).toEqual([{ field, message }]);
      });

      it('accepts a Jordanian mobile written with +, -, spaces and parentheses, stored as +9627XXXXXXXX', async () => {
        const { res } = await register(t, { phone: '+962 (79) 123-4567' });
        expect(res.status).toBe(201);
        expect(res.body.user.phone).toBe('+962791234567');
      });

      it('reports every invalid field at once', async () => {
        const res = await post({ challengeId: 'c', challengeAnswer: 1 }).expect(400);
        expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
          'email',
          'location',
          'name',
          'password',
          'phone',
        ]);
      });

      it('rejects unknown fields (400 UNKNOWN_FIELD), such as isAdmin or confirmPassword (checked by the client only)', async () => {
        for (const extra of [{ isAdmin: true }, { confirmPassword: 'secret123' }, { isVerified: true }]) {
          const res = await post({ ...registrationFields(), challengeId: 'c', challengeAnswer: 1, ...extra }).expect(
            400,
          );
          const field = Object.keys(extra)[0];
          expect(res.body).toMatchObject({ code: 'UNKNOWN_FIELD', message: `حقل غير مسموح به: ${field}` });
        }
      });
    });

    it('allows 100 registrations per hour per IP, then 429 REGISTER_RATE_LIMITED with Retry-After', async () => {
      const ip = clientIp();
      // 99 registrations already counted for this address; the 100th goes through, the 101st does not.
      await t.app.get(RateLimitService).consume('registrations-ip', ip, 99);
      const { res: hundredth } = await register(t, {}, ip);
      expect(hundredth.status).toBe(201);
      const { res: refused } = await register(t, {}, ip);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        statusCode: 429,
        code: 'REGISTER_RATE_LIMITED',
        message: expect.stringMatching(/[\u0600-\u06FF]/),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      // Another address is not affected.
      const { res: other } = await register(t);
      expect(other.status).toBe(201);
    });
  });
});
