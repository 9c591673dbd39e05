import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { ANSWER_CAPS, BoundedHttp, type HttpAnswer, OutsideCallError } from '../outside-calls/outside-calls';

/** The parts of a Bot API update the server reads. */
export interface TelegramUpdate {
  update_id: number;
  message?: {
    message_id?: number;
    date?: number;
    chat: { id: number | string };
    from?: { id: number };
    contact?: { phone_number: string; user_id?: number };
  };
}

export class TelegramApiError extends Error {
  /**
   * The Bot API refused the call itself (a 4xx other than 429 Too Many Requests: the bot was
   * blocked, the chat does not exist, the token is wrong): trying again cannot help.
   */
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
  }
}

/**
 * A small Telegram Bot API client (`TELEGRAM_API_URL/bot<TELEGRAM_BOT_TOKEN>/<method>`), under
 * the deadline and the answer cap of every outside call (BoundedHttp). Configured only when
 * TELEGRAM_BOT_TOKEN is set. Failures throw TelegramApiError, whose message never contains the
 * token.
 */
@Injectable()
export class TelegramService implements OnModuleDestroy {
  private readonly logger = new Logger(TelegramService.name);
  private readonly http: BoundedHttp;

  constructor(private readonly config: AppConfig) {
    this.http = new BoundedHttp({ deadlineMs: config.outsideCallDeadlineMs, answerCapBytes: ANSWER_CAPS.telegram });
  }

  async onModuleDestroy(): Promise<void> {
    await this.http.close();
  }

  get configured(): boolean {
    return Boolean(this.config.telegramBotToken);
  }

  async sendMessage(chatId: string, text: string): Promise<void> {
    await this.call('sendMessage', { chat_id: chatId, text });
  }

  /**
   * Recent updates the bot received (Telegram keeps them for 24 hours). Nothing is
   * acknowledged, so every replica sees the same updates.
   */
  async getUpdates(): Promise<TelegramUpdate[]> {
    const result = await this.call('getUpdates', { allowed_updates: ['message'], limit: 100 });
    return Array.isArray(result) ? (result as TelegramUpdate[]) : [];
  }

  private async call(method: string, body: Record<string, unknown>): Promise<unknown> {
    if (!this.config.telegramBotToken) throw new TelegramApiError('Telegram is not configured');
    const url = `${this.config.telegramApiUrl}/bot${this.config.telegramBotToken}/${method}`;
    let answer: HttpAnswer;
    try {
      answer = await this.http.post(url, { 'Content-Type': 'application/json' }, JSON.stringify(body));
    } catch (err) {
      throw new TelegramApiError(`Telegram ${method} failed: ${(err as OutsideCallError).message}`);
    }
    const payload = parseJson(answer.body) as { ok?: boolean; result?: unknown; description?: string } | null;
    const status = answer.status;
    if (status < 200 || status >= 300 || !payload?.ok) {
      // The service's own words, cut short: they go into logs and the failed job's reason.
      const reason = typeof payload?.description === 'string' ? payload.description.slice(0, 200) : `HTTP ${status}`;
      this.logger.warn(`Telegram ${method} refused: ${reason}`);
      const permanent = status >= 400 && status < 500 && status !== 429;
      throw new TelegramApiError(`Telegram ${method} refused: ${reason}`, permanent);
    }
    return payload.result;
  }
}

/** The answer's JSON, or null when it is not JSON. */
function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}
