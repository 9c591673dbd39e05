import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { TelegramUpdate } from '../../src/infrastructure/telegram/telegram.service';

export interface SentTelegramMessage {
  chat_id: string | number;
  text: string;
  /** When the fake received it (epoch ms): the notices' rate limits are checked against it. */
  at: number;
}

/**
 * A local stand-in for the Telegram Bot API (`/bot<token>/<method>`), for
 * `startTestApp({ TELEGRAM_API_URL: fake.url, TELEGRAM_BOT_TOKEN: fake.token })`.
 */
export class FakeTelegramBotApi {
  readonly token = `123456:fake-${Math.random().toString(36).slice(2)}`;
  readonly updates: TelegramUpdate[] = [];
  readonly sent: SentTelegramMessage[] = [];
  readonly calls: string[] = [];
  /** When set, sendMessage answers like a bot blocked by the user (a refusal: not retried). */
  failSends = false;
  /** How many of the next sendMessage calls fail as Telegram's servers sometimes do (502, retried). */
  transientFailures = 0;
  private server?: Server;
  private nextUpdateId = 1000;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The user with Telegram id `fromId` shares a contact (their own when contactUserId === fromId). */
  shareContact(options: { chatId: number; fromId: number; contactUserId?: number; phone: string }): void {
    this.updates.push({
      update_id: this.nextUpdateId++,
      message: {
        message_id: this.nextUpdateId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: options.chatId },
        from: { id: options.fromId },
        contact: { phone_number: options.phone, user_id: options.contactUserId },
      },
    });
  }

  messagesTo(chatId: number | string): SentTelegramMessage[] {
    return this.sent.filter((m) => String(m.chat_id) === String(chatId));
  }

  /**
   * Waits until more than `countBefore` messages went to `chatId` (they are sent by a queued
   * job, a moment after the request answered), then returns them.
   */
  async waitForMessages(chatId: number | string, countBefore = 0, timeoutMs = 10_000): Promise<SentTelegramMessage[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const messages = this.messagesTo(chatId);
      if (messages.length > countBefore) return messages;
      if (Date.now() > deadline) throw new Error(`No new Telegram message to ${chatId} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    const reply = (status: number, payload: object) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (!match || match[1] !== this.token)
      return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const method = match[2];
    this.calls.push(method);
    if (method === 'getUpdates') return reply(200, { ok: true, result: this.updates });
    if (method === 'sendMessage') {
      if (this.failSends)
        return reply(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
      if (this.transientFailures > 0) {
        this.transientFailures -= 1;
        return reply(502, { ok: false, error_code: 502, description: 'Bad Gateway' });
      }
      this.sent.push({ chat_id: body.chat_id, text: body.text, at: Date.now() });
      return reply(200, {
        ok: true,
        result: { message_id: this.sent.length, chat: { id: body.chat_id }, text: body.text },
      });
    }
    return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
  }
}
