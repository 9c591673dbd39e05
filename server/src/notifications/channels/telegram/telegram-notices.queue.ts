/**
 * Notices by Telegram travel on their own queue, so its rate limiter (BullMQ's queue-wide
 * `limiter`, shared by every worker process) holds the bot under Telegram's limit of about 30
 * messages a second without slowing the codes on the deliveries queue.
 */
export const TELEGRAM_NOTICES_QUEUE = 'notices-telegram';

/**
 * One notice every 40 ms across all workers, 25 a second, evenly: a limiter of 25 per 1,000 ms
 * would let a burst at the end of one window and another at the start of the next put ~50 in
 * one second, over Telegram's ~30.
 */
export const TELEGRAM_GLOBAL_LIMIT = { max: 1, duration: 40 } as const;

/** Telegram allows about one message a second to one chat. */
export const TELEGRAM_CHAT_SPACING_MS = 1_000;

export interface TelegramNoticeJob {
  chatId: string;
  text: string;
}
