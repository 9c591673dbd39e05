import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import webpush, { type RequestDetails } from 'web-push';
import { AppConfig } from '../../config/app-config';
import { ANSWER_CAPS, BoundedHttp, OutsideCallError } from '../outside-calls/outside-calls';
import { PushEndpoints } from './push-endpoints';
import { PushSubscriptions, type StoredPushSubscription } from './push-subscriptions';

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

/**
 * Sends a member's push to each of their devices: the `web-push` library builds each request
 * (VAPID signature, aes128gcm payload encryption: `generateRequestDetails`) and BoundedHttp sends
 * it, under the deadline and the answer cap of every outside call (its own `sendNotification`
 * has only an idle timeout and reads the whole answer). A device whose endpoint is not a push
 * service's (PushEndpoints: stored before the list, or since removed from PUSH_EXTRA_ORIGINS) is
 * never contacted and is removed. A device whose push service answers 404 or 410 has expired and
 * is removed; other 4xx (and a redirect) are not retried; 429, 5xx, a passed deadline, an answer
 * over the cap and network failures are returned for a retry of those devices only.
 */
@Injectable()
export class PushSender implements OnModuleDestroy {
  private readonly logger = new Logger(PushSender.name);
  private readonly http: BoundedHttp;

  constructor(
    private readonly config: AppConfig,
    private readonly subscriptions: PushSubscriptions,
    private readonly endpoints: PushEndpoints,
  ) {
    this.http = new BoundedHttp({
      deadlineMs: config.outsideCallDeadlineMs,
      answerCapBytes: ANSWER_CAPS.pushService,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.http.close();
  }

  /**
   * Sends to the member's devices (only to `endpoints` when given: a retry) and returns the
   * endpoints to try again. Push off (no VAPID keys) sends nothing.
   */
  async send(userId: string, payload: PushPayload, endpoints?: string[]): Promise<string[]> {
    if (!this.config.vapid) return [];
    const devices = (await this.subscriptions.ofMember(userId)).filter(
      (d) => !endpoints || endpoints.includes(d.endpoint),
    );
    const body = JSON.stringify(payload);
    const retry: string[] = [];
    await Promise.all(
      devices.map(async (device) => {
        if (!this.endpoints.allows(device.endpoint)) {
          this.logger.warn('A stored push endpoint is not a known push service; removed, not contacted');
          return this.subscriptions.expire(device.endpoint);
        }
        const outcome = await this.deliver(device, body);
        if (outcome === 'retry') retry.push(device.endpoint);
        else if (outcome === 'expired') await this.subscriptions.expire(device.endpoint);
      }),
    );
    return retry;
  }

  /** One device's message, and what came of it. */
  private async deliver(
    device: StoredPushSubscription,
    body: string,
  ): Promise<'sent' | 'expired' | 'refused' | 'retry'> {
    let request: RequestDetails & { body: Buffer };
    try {
      request = webpush.generateRequestDetails(device, body, {
        vapidDetails: this.config.vapid,
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      });
    } catch (err) {
      this.logger.error({ err }, 'A stored push subscription has keys nothing can be encrypted for; not sent');
      return 'refused';
    }
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    let status: number;
    try {
      ({ status } = await this.http.post(request.endpoint, headers, request.body));
    } catch (err) {
      this.logger.warn(`A push service gave no answer (${(err as OutsideCallError).message}); retried`);
      return 'retry';
    }
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) return 'expired';
    if (status === 429 || status >= 500) return 'retry';
    // Another 4xx is the message's fault; a redirect is not followed (the endpoint is the push service's own).
    this.logger.error({ status }, 'A push service refused a message; not retried');
    return 'refused';
  }
}
