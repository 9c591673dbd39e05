/** Reads the 6-digit codes the server writes to MAIL_OUTBOX_DIR as .eml files. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function decodeQuotedPrintable(text) {
  const bytes = [];
  const clean = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < clean.length; i += 1) {
    if (clean[i] === '=' && /^[0-9A-F]{2}$/i.test(clean.slice(i + 1, i + 3))) {
      bytes.push(parseInt(clean.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(clean[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The whole message with quoted-printable and base64 parts decoded. */
export function decodeEml(raw) {
  return raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return part;
      const head = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
      const body = part.slice(split).trim();
      const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
      if (encoding === 'quoted-printable') return `${head}\n\n${decodeQuotedPrintable(body)}`;
      if (encoding === 'base64')
        return `${head}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
      return part;
    })
    .join('\n');
}

/** Messages addressed to `email`, oldest first (file names sort by time). */
export function messagesTo(dir, email) {
  if (!existsSync(dir)) return [];
  const wanted = email.toLowerCase();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((raw) => {
      const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      const to = /^to:(.*)$/im.exec(head)?.[1] ?? '';
      return to.toLowerCase().includes(wanted);
    })
    .map(decodeEml);
}

/** Waits for a message to `email` with a `CODE: 123456` line and returns the newest code. */
export async function waitForCode(dir, email, { timeoutMs = 10_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = messagesTo(dir, email);
    for (let i = messages.length - 1; i >= 0; i -= 1) {
      const code = /CODE: (\d{6})/.exec(messages[i])?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${email} within ${timeoutMs} ms (outbox ${dir})`);
}
