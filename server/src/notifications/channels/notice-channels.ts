import { Injectable } from '@nestjs/common';
import type { Notification } from '@mazad/contracts';

/** The outside channels a notice may also travel by, besides the bell (docs/notifications.md). */
export type NoticeChannelName = 'email' | 'telegram' | 'push';

/** One stored notice for one member, as the Notifier created it. */
export interface NoticeDelivery {
  userId: string;
  notification: Notification;
}

/**
 * A channel that delivers notices outside the app. `enqueue` only queues the delivery (a BullMQ
 * job whose id is stable per channel and notice, noticeJobId (`<channel>-<notice id>`: BullMQ refuses a `:` in ids), so a repeated call queues nothing
 * new); the worker role sends it with retries.
 */
export interface NoticeChannel {
  readonly name: NoticeChannelName;
  enqueue(delivery: NoticeDelivery): Promise<void>;
}

/** The job id of a notice's delivery by a channel: `email-<id>` (BullMQ refuses ':' in custom ids). */
export const noticeJobId = (channel: NoticeChannelName, notificationId: string) => `${channel}-${notificationId}`;

/**
 * The channels the running application has: each channel's provider registers itself at module
 * initialisation, so the Notifier's dispatch needs no list of them and a channel is added by
 * its own provider alone (channels/<name>/, listed in NotificationsModule).
 */
@Injectable()
export class NoticeChannels {
  private readonly channels = new Map<NoticeChannelName, NoticeChannel>();

  register(channel: NoticeChannel): void {
    this.channels.set(channel.name, channel);
  }

  get(name: NoticeChannelName): NoticeChannel | undefined {
    return this.channels.get(name);
  }

  all(): NoticeChannel[] {
    return [...this.channels.values()];
  }
}
