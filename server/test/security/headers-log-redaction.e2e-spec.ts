import { Logger } from '@nestjs/common';
import * as argon2 from 'argon2';
import { PinoLogger } from 'nestjs-pino';
import pino from 'pino';
import { Writable } from 'node:stream';
import { DataSource, QueryFailedError } from 'typeorm';
import { LOG_REDACTION } from '../../src/infrastructure/logging/redact';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, uniqueEmail } from '../support/users';

/**
 * R-PASSWORD-HASH, R-PROXY-AND-HEADERS (docs/security.md, "Logs and headers"): an error log of a failed SQL statement carries no argon2 hash,
 * e-mail or phone (the statement's parameters and pg's "Key (…)=(…)" detail are redacted).
 */
describe('security: error logs carry no SQL values', () => {
  let t: TestApp;

  beforeAll(async () => (t = await startTestApp({ LOG_LEVEL: 'info' })));
  afterAll(() => t.close());

  /** A real failure from PostgreSQL: inserting a member whose e-mail is taken. */
  async function duplicateInsert(): Promise<{ err: QueryFailedError; secrets: string[] }> {
    const existing = await createUser(t, { email: uniqueEmail('taken'), phone: '+962 79 555 0101' });
    const hash = await argon2.hash('secret-password', { type: argon2.argon2id, memoryCost: 4096, timeCost: 2 });
    const email = existing.user.email;
    const phone = '+962 79 555 0101';
    try {
      await t.app
        .get(DataSource)
        .query(`INSERT INTO users (name, email, phone, location, password_hash) VALUES ($1, $2, $3, $4, $5)`, [
          'مكرر',
          email,
          phone,
          'عمّان',
          hash,
        ]);
    } catch (err) {
      expect(err).toBeInstanceOf(QueryFailedError);
      return { err: err as QueryFailedError, secrets: [hash, hash.split('$').at(-1)!, email, '555 0101'] };
    }
    throw new Error('the duplicate insert should have failed');
  }

  function capture() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    return { lines, stream };
  }

  it("the application's logger configuration redacts a failed query's values", async () => {
    const { err, secrets } = await duplicateInsert();
    const { lines, stream } = capture();
    const logger = pino({ level: 'info', ...LOG_REDACTION }, stream);
    logger.error({ err, requestId: 'r1' }, 'Unexpected error');
    logger.error({ error: err }, 'Bid batch failed');
    const text = lines.join('');
    for (const secret of secrets) expect(text).not.toContain(secret);
    // Still useful: the statement (with placeholders) and the error are there.
    expect(text).toContain('INSERT INTO users');
    expect(text).toContain('[redacted]');
  });

  it('the running app logs through that configuration (Nest Logger → pino)', async () => {
    const { err, secrets } = await duplicateInsert();
    const { lines, stream } = capture();
    // Point the app's own pino instance at our stream (same serializers and redaction).
    const root = (PinoLogger as unknown as { root: pino.Logger }).root;
    const original = root[pino.symbols.streamSym as unknown as keyof pino.Logger];
    (root as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = stream;
    try {
      new Logger('Errors').error({ err, requestId: 'r2' }, 'Unexpected error on POST /api/auth/register');
      await new Promise((r) => setImmediate(r));
    } finally {
      (root as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = original;
    }
    const text = lines.join('');
    expect(text).toContain('Unexpected error');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
