import { Logger } from '@nestjs/common';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig } from '../../config/app-config';
import { parseEml } from '../../../test/support/outbox';
import { MailService } from './mail.service';

describe('MailService (outbox transport)', () => {
  let dir: string;
  let mail: MailService;
  beforeAll(() => Logger.overrideLogger(false));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mazad-mail-'));
    const config = AppConfig.fromEnvironment({
      JWT_SECRET: 'unit-test-secret-that-is-long-enough-0123456789',
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
    });
    mail = new MailService(config);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a real RFC 822 message with an Arabic subject and UTF-8 text', async () => {
    expect(mail.transport).toBe('outbox');
    await mail.send({ to: 'Member@Example.com', subject: 'رمز التحقق', text: 'مرحباً\nCODE: 012345\n' });
    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = readFileSync(join(dir, 'outbox', files[0]), 'utf8');
    expect(raw).toMatch(/^To: member@example\.com\r$/im);
    expect(raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(raw).toMatch(/^Content-Transfer-Encoding: quoted-printable\r$/m);
    expect(raw).toMatch(/^CODE: 012345\r$/m);
    expect(raw).toContain('\r\n');
    const parsed = parseEml(join(dir, 'outbox', files[0]));
    expect(parsed.to).toEqual(['member@example.com']);
    expect(parsed.subject).toBe('رمز التحقق');
    expect(parsed.body).toContain('مرحباً');
  });

  it('names files so that they sort in the order they were written', async () => {
    for (const n of [1, 2, 3]) await mail.send({ to: 'a@example.com', subject: `s${n}`, text: `n${n}` });
    const subjects = readdirSync(join(dir, 'outbox'))
      .sort()
      .map((f) => parseEml(join(dir, 'outbox', f)).subject);
    expect(subjects).toEqual(['s1', 's2', 's3']);
  });
});
