import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';

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

const TIMEOUT_MS = 10_000;

/**
 * A small Telegram Bot API client (`TELEGRAM_API_URL/bot<TELEGRAM_BOT_TOKEN>/<method>`).
 * Configured only when TELEGRAM_BOT_TOKEN is set. Failures throw TelegramApiError, whose
 * message never contains the token.
 */
@Injectable()
export class TelegramService {
  private readonly logger = new Logger(TelegramService.name);

  constructor(private readonly config: AppConfig) {}

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
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new TelegramApiError(`Telegram ${method} failed: ${(err as Error).name}`);
    }
    const payload = (await response.json().catch(() => null)) as {
      ok?: boolean;
      result?: unknown;
      description?: string;
    } | null;
    if (!response.ok || !payload?.ok) {
      const reason = payload?.description ?? `HTTP ${response.status}`;
      this.logger.warn(`Telegram ${method} refused: ${reason}`);
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      throw new TelegramApiError(`Telegram ${method} refused: ${reason}`, permanent);
    }
    return payload.result;
  }
}
