import { Injectable, OnModuleInit } from '@nestjs/common';
import { noticePath } from '@mazad/contracts';
import { Deliveries } from '../../../infrastructure/deliveries/deliveries.service';
import type { PushPayload } from '../../../infrastructure/push/push-sender';
import { type NoticeChannel, NoticeChannels, type NoticeDelivery, noticeJobId } from '../notice-channels';

/** The push notification of a notice: its Arabic text, where a tap leads, one tag per notice. */
export function pushPayload({ notification }: NoticeDelivery): PushPayload {
  return {
    title: notification.title,
    body: notification.body,
    url: noticePath(notification.link),
    tag: `mazad-${notification.id}`,
  };
}

/**
 * The `push` notice channel: one delivery job per notice (`push-<notice id>`, so the same notice
 * queued twice is sent once), sent by the delivery worker to each of the member's devices.
 */
@Injectable()
export class PushNoticeChannel implements NoticeChannel, OnModuleInit {
  readonly name = 'push' as const;

  constructor(
    private readonly channels: NoticeChannels,
    private readonly deliveries: Deliveries,
  ) {}

  onModuleInit(): void {
    this.channels.register(this);
  }

  async enqueue(delivery: NoticeDelivery): Promise<void> {
    await this.deliveries.push(
      noticeJobId(this.name, delivery.notification.id),
      delivery.userId,
      pushPayload(delivery),
    );
  }
}
