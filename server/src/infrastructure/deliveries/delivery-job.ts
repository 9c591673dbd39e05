import type { JobsOptions } from 'bullmq';
import { REDACTED } from '../logging/redact';
import type { MailMessage } from '../mail/mail.service';
import type { PushPayload } from '../push/push-sender';
import { TelegramApiError } from '../telegram/telegram.service';

/** The BullMQ queue of outgoing mail, Telegram and Web Push messages. */
export const DELIVERIES_QUEUE = 'deliveries';

/**
 * One message to deliver; the job's name is its channel. The text is the rendered message,
 * one-time code included: it sits in Redis only while the job waits or retries (see
 * DELIVERY_JOB_OPTIONS and withoutContent).
 */
export type DeliveryJobData =
  | { channel: 'mail'; message: MailMessage }
  | { channel: 'telegram'; chatId: string; text: string }
  /** To each of the member's devices; `endpoints`, once set, the devices still to retry. */
  | { channel: 'push'; userId: string; payload: PushPayload; endpoints?: string[] };

export type DeliveryChannel = DeliveryJobData['channel'];

/**
 * 5 attempts, 2 s, 4 s, 8 s and 16 s apart (about 30 s in all, inside the 60 s resend cooldown
 * of codes). A delivered job is deleted at once, so a code's plaintext leaves Redis with it; a
 * job that failed for good stays in the failed set for operators (the newest 1000, at most a
 * week), its text removed first.
 */
export const DELIVERY_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: { count: 1_000, age: 7 * 24 * 3600 },
} as const satisfies JobsOptions;

/**
 * A push job (one per notice, its id `push-<notice id>`) is kept a day after it was sent: its id
 * stays taken, so the same notice queued again by another replica or after a restart is sent
 * once. Its text is a notice's, no secret, unlike a code's mail.
 */
export const PUSH_JOB_OPTIONS = {
  ...DELIVERY_JOB_OPTIONS,
  removeOnComplete: { age: 24 * 3600 },
} as const satisfies JobsOptions;

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
