import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxMessage {
  file: string;
  to: string[];
  /** Decoded Subject header. */
  subject: string;
  /** The whole message with quoted-printable and base64 parts decoded (UTF-8). */
  body: string;
}

function unfoldHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return headers;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/gi, '%25');
  try {
    return decodeURIComponent(bytes);
  } catch {
    return text;
  }
}

/** Decodes every MIME part by its Content-Transfer-Encoding. */
function decodeBody(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return part;
      const headers = unfoldHeaders(part.slice(0, split));
      const content = part.slice(split).trim();
      const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
      if (encoding === 'quoted-printable') return decodeQuotedPrintable(content);
      if (encoding === 'base64') return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
      return part;
    })
    .join('\n');
}

export function parseEml(file: string): OutboxMessage {
  const raw = readFileSync(file, 'utf8');
  const split = raw.search(/\r?\n\r?\n/);
  const headers = unfoldHeaders(raw.slice(0, split));
  const to = (headers.get('to') ?? '').match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? [];
  return {
    file,
    to: to.map((a) => a.toLowerCase()),
    subject: decodeWords(headers.get('subject') ?? ''),
    body: decodeBody(raw),
  };
}

/** Messages in the outbox addressed to `email`, oldest first (file names sort by time). */
export function messagesTo(outboxDir: string, email: string): OutboxMessage[] {
  if (!existsSync(outboxDir)) return [];
  const wanted = email.trim().toLowerCase();
  return readdirSync(outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseEml(join(outboxDir, f)))
    .filter((m) => m.to.includes(wanted));
}

export function codeIn(message: OutboxMessage): string {
  const match = /CODE: (\d{6})/.exec(message.body);
  if (!match) throw new Error(`No code in ${message.file}`);
  return match[1];
}

/**
 * Waits until more than `countBefore` messages are addressed to `email`, then returns them.
 * Mail is sent by a queued job (infrastructure/deliveries), so it lands in the outbox a moment
 * after the request that asked for it answered.
 */
export async function waitForMessages(
  outboxDir: string,
  email: string,
  countBefore = 0,
  timeoutMs = 10_000,
): Promise<OutboxMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = messagesTo(outboxDir, email);
    if (messages.length > countBefore) return messages;
    if (Date.now() > deadline) throw new Error(`No new message to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits until more than `countBefore` messages are addressed to `email` (the first one by
 * default; pass the count seen before a resend to wait for the resent code), then returns the
 * newest code.
 */
export async function waitForNewCode(outboxDir: string, email: string, countBefore = 0): Promise<string> {
  // Notice e-mails (a sale, a message: docs/notifications.md) reach the same address, in any
  // order with the code: the newest message that carries a code is the one.
  for (;;) {
    const messages = await waitForMessages(outboxDir, email, countBefore);
    const coded = messages.slice(countBefore).filter((m) => /CODE: \d{6}/.test(m.body));
    if (coded.length) return codeIn(coded[coded.length - 1]);
    countBefore = messages.length;
  }
}
