import { Injectable, Logger } from '@nestjs/common';
import webpush, { WebPushError } from 'web-push';
import { AppConfig } from '../../config/app-config';
import { PushSubscriptions } from './push-subscriptions';

/** What the service worker shows (web/sw/sw.ts): Arabic text, where a tap leads, a tag. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** Replaces an earlier notification of the same tag on the device instead of stacking. */
  tag: string;
}

/** Some devices' push services failed in a way another attempt may fix (429, 5xx, network). */
export class PushServiceError extends Error {}

/** How long a push service keeps a message for an offline device: a day, then it is stale. */
const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;

/**
 * Sends a member's push to each of their devices with the `web-push` library (VAPID signature,
 * aes128gcm payload encryption). A device whose push service answers 404 or 410 has expired and
 * is removed; other 4xx are the message's fault and not retried; 429, 5xx and network failures
 * are returned for a retry of those devices only.
 */
@Injectable()
export class PushSender {
  private readonly logger = new Logger(PushSender.name);

  constructor(
    private readonly config: AppConfig,
    private readonly subscriptions: PushSubscriptions,
  ) {}

  /**
   * Sends to the member's devices (only to `endpoints` when given: a retry) and returns the
   * endpoints to try again. Push off (no VAPID keys) sends nothing.
   */
  async send(userId: string, payload: PushPayload, endpoints?: string[]): Promise<string[]> {
    const vapid = this.config.vapid;
    if (!vapid) return [];
    const devices = (await this.subscriptions.ofMember(userId)).filter(
      (d) => !endpoints || endpoints.includes(d.endpoint),
    );
    const body = JSON.stringify(payload);
    const retry: string[] = [];
    await Promise.all(
      devices.map(async (device) => {
        try {
          await webpush.sendNotification(device, body, {
            vapidDetails: vapid,
            TTL: TTL_SECONDS,
            timeout: TIMEOUT_MS,
            contentEncoding: 'aes128gcm',
          });
        } catch (err) {
          const status = err instanceof WebPushError ? err.statusCode : undefined;
          if (status === 404 || status === 410) await this.subscriptions.expire(device.endpoint);
          else if (status === undefined || status === 429 || status >= 500) retry.push(device.endpoint);
          else this.logger.error({ status }, 'A push service refused a message; not retried');
        }
      }),
    );
    return retry;
  }
}
