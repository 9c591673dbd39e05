/** What npm start prints once the server answers: addresses, services, demo accounts. */
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { given, ROOT, serverRequire } from './context.mjs';
import { DEMO_FILE } from './environment.mjs';

function demoMemberEmails() {
  try {
    return serverRequire(join(ROOT, 'server', 'dist', 'seed', 'demo-members.js')).DEMO_MEMBERS.map((m) => m.email);
  } catch {
    return [];
  }
}

export function printBanner({ port, database, redis, generated, seedDemo }) {
  const base = `http://localhost:${port}`;
  // As the server decides: served when the folder is set and holds an index.html.
  const served = (variable, fallback) => {
    const dir = process.env[variable] ?? fallback;
    return dir !== '' && existsSync(join(resolve(ROOT, dir), 'index.html'));
  };
  const note = (ok, workspace) => (ok ? '' : `   (not built: npm run build -w ${workspace})`);
  const line = '─'.repeat(78);
  const out = [
    '',
    line,
    ` Mazad (مزاد) is running on ${base}`,
    `   Web app            ${base}/${note(served('WEB_DIST_DIR', 'web/dist'), 'web')}`,
    `   Operator console   ${base}/admin/${note(served('ADMIN_DIST_DIR', 'admin/dist'), 'admin')}`,
    `   API docs           ${base}/api/docs`,
    `   Health             ${base}/api/health`,
    `   PostgreSQL         ${database.description}`,
    `   Redis              ${redis.description}`,
  ];
  if (!given('SMTP_URL'))
    out.push(
      `   Mail               no SMTP_URL: messages (with codes) are written to ${process.env.MAIL_OUTBOX_DIR || '.data/outbox'}/`,
    );
  const demoAdmin = generated.ADMIN_EMAIL || generated.ADMIN_PASSWORD || generated.ADMIN_PANEL_PASSWORD;
  if (demoAdmin || (seedDemo && generated.DEMO_PASSWORD)) {
    out.push('', ` DEMO ACCOUNTS — generated for local use only (kept in ${relative(ROOT, DEMO_FILE)}):`);
  }
  if (demoAdmin) {
    const show = (name) => generated[name] ?? '(your setting)';
    out.push(
      `   Console admin      ${show('ADMIN_EMAIL')}  password ${show('ADMIN_PASSWORD')}  admin panel password ${show('ADMIN_PANEL_PASSWORD')}`,
    );
  }
  if (seedDemo) {
    const emails = demoMemberEmails();
    const password = generated.DEMO_PASSWORD ?? '(DEMO_PASSWORD from your settings)';
    if (emails.length)
      out.push(
        `   Demo members       ${emails.join(', ')}`,
        `                      password ${password}  (names marked "(تجريبي)")`,
      );
  }
  out.push('', ' Stop with Ctrl+C.', line, '');
  console.log(out.join('\n'));
}
