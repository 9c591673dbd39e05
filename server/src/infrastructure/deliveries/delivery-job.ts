import { REDACTED } from '../logging/redact';
import type { MailMessage } from '../mail/mail.service';
import type { PushPayload } from '../push/push-sender';
import { TelegramApiError } from '../telegram/telegram.service';

/**
 * One message to deliver; the job's name is its channel, its lane (DELIVERY_LANES) why it is
 * sent. The text is the rendered message, one-time code included: it sits in Redis only while
 * the job waits or retries (see DELIVERY_JOB_OPTIONS and withoutContent).
 */
export type DeliveryJobData =
  | { channel: 'mail'; message: MailMessage }
  | { channel: 'telegram'; chatId: string; text: string }
  /** To each of the member's devices; `endpoints`, once set, the devices still to retry. */
  | { channel: 'push'; userId: string; payload: PushPayload; endpoints?: string[] };

export type DeliveryChannel = DeliveryJobData['channel'];

/**
 * A job's data as this version reads it: a Telegram notice queued by a replica of the version
 * before the lanes (during a rolling update) has no `channel`, only `{ chatId, text }`.
 */
export function deliveryOf(data: DeliveryJobData | { chatId: string; text: string }): DeliveryJobData {
  return 'channel' in data ? data : { channel: 'telegram', ...data };
}

/** What a failed job keeps for operators: who it was for and what it was, not what it said. */
export function withoutContent(data: DeliveryJobData): DeliveryJobData {
  if (data.channel === 'telegram') return { ...data, text: REDACTED };
  if (data.channel === 'push') return { ...data, payload: { ...data.payload, title: REDACTED, body: REDACTED } };
  const { to, subject } = data.message;
  return { channel: 'mail', message: { to, subject, text: REDACTED } };
}

/**
 * A failure that another attempt cannot fix: the Telegram Bot API refused the message itself,
 * or the SMTP server answered with a permanent (5xx) reply such as an unknown recipient.
 * Timeouts, refused connections and 4xx SMTP replies are retried.
 */
export function failureIsPermanent(err: unknown): boolean {
  if (err instanceof TelegramApiError) return err.permanent;
  const smtpReply = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof smtpReply === 'number' && smtpReply >= 500 && smtpReply < 600;
}
