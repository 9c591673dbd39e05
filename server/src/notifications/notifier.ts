import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { filsToJod, NotificationKind, SocketEvents, type Notification } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { RealtimePublisher } from '../realtime';
import { NoticeChannels, type NoticeDelivery } from './channels/notice-channels';
import type { NoticeDraft, NoticePayload } from './notices';
import { NoticePreferencesStore } from './preferences/notice-preferences.store';

/** A stored notice as PostgreSQL returns it. */
export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  payload: NoticePayload;
  created_at: Date;
  read_at: Date | null;
}

export const NOTIFICATION_COLUMNS = 'id, kind, payload, created_at, read_at';

/**
 * How long an unread message notice keeps the same conversation's later messages in the bell
 * (R-NOTICE-MESSAGE-ONCE): a member who never opens the bell is interrupted again after it.
 */
const CONVERSATION_QUIET_HOURS = 6;

export function presentNotification(row: NotificationRow): Notification {
  const { title, body, link, auctionId, amountFils } = row.payload;
  return {
    _id: row.id,
    id: row.id,
    kind: row.kind,
    title,
    body,
    link,
    auctionId,
    amount: amountFils === null ? null : filsToJod(amountFils),
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
  };
}

/**
 * The one place a notice is created (docs/notifications.md). Each draft is inserted once per
 * member and event (UNIQUE (user_id, dedupe_key), ON CONFLICT DO NOTHING: R-NOTICE-ONCE), so a
 * repeated event, a retried job or another replica adds nothing; only a notice this call really
 * created goes to the member's devices, with their new unread count, and to the outside channels
 * the member's preferences allow (dispatch), each under a job id made of the channel and the
 * notice's id: as the rows are created once, so are the deliveries.
 */
@Injectable()
export class Notifier {
  private readonly logger = new Logger(Notifier.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly publisher: RealtimePublisher,
    private readonly channels: NoticeChannels,
    private readonly preferences: NoticePreferencesStore,
  ) {}

  async notify(drafts: NoticeDraft[]): Promise<Notification[]> {
    if (!drafts.length) return [];
    const rows: (NotificationRow & { user_id: string })[] = await this.db.query(
      `INSERT INTO notifications (user_id, kind, dedupe_key, payload)
       SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::jsonb[])
       ON CONFLICT (user_id, dedupe_key) DO NOTHING
       RETURNING user_id, ${NOTIFICATION_COLUMNS}`,
      [
        drafts.map((d) => d.userId),
        drafts.map((d) => d.kind),
        drafts.map((d) => d.dedupeKey),
        drafts.map((d) => JSON.stringify(d.payload)),
      ],
    );
    const created = rows.map((row) => ({ userId: row.user_id, notification: presentNotification(row) }));
    const counts = await this.unreadCounts([...new Set(created.map((c) => c.userId))]);
    for (const { userId, notification } of created) {
      this.publisher.toUser(userId, SocketEvents.Notification, { notification, unreadCount: counts.get(userId) ?? 0 });
    }
    await this.dispatch(created);
    return created.map((c) => c.notification);
  }

  /**
   * Queues each new notice on every registered channel its member's preferences allow
   * (R-NOTICE-PREFERENCES). A channel that cannot queue is logged and skipped: the notice is
   * stored and in the bell, and failing here would not queue it again (the row exists).
   */
  private async dispatch(created: NoticeDelivery[]): Promise<void> {
    const channels = this.channels.all();
    if (!created.length || !channels.length) return;
    const interrupting = await this.withoutConversationFollowUps(created);
    const preferences = await this.preferences.ofMany([...new Set(interrupting.map((c) => c.userId))]);
    const queued = interrupting.flatMap((delivery) =>
      channels
        .filter((channel) => preferences.get(delivery.userId)?.channels[delivery.notification.kind][channel.name])
        .map((channel) =>
          channel
            .enqueue(delivery)
            .catch((err: unknown) =>
              this.logger.error(
                { err, channel: channel.name, notificationId: delivery.notification.id },
                'Could not queue a notice delivery',
              ),
            ),
        ),
    );
    await Promise.all(queued);
  }

  /**
   * A conversation interrupts once (R-NOTICE-MESSAGE-ONCE): a chat message's notice goes to the
   * outside channels only when the member has no earlier unread notice of a message about the same
   * auction from the last CONVERSATION_QUIET_HOURS. The earlier one already told them the
   * conversation moved; the later ones wait in the bell, and reading it makes the next one
   * interrupt again. Without it a ten-message chat was ten e-mails and ten pushes.
   */
  private async withoutConversationFollowUps(created: NoticeDelivery[]): Promise<NoticeDelivery[]> {
    const messages = created.filter((c) => c.notification.kind === NotificationKind.NewMessage);
    if (!messages.length) return created;
    const rows: { id: string }[] = await this.db.query(
      `SELECT m.id FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS m(id, user_id, auction_id)
        WHERE EXISTS (SELECT 1 FROM notifications n
                       WHERE n.user_id = m.user_id AND n.read_at IS NULL AND n.id <> m.id
                         AND n.kind = $4 AND n.payload->>'auctionId' = m.auction_id
                         AND n.created_at > now() - make_interval(hours => $5))`,
      [
        messages.map((c) => c.notification.id),
        messages.map((c) => c.userId),
        messages.map((c) => c.notification.auctionId),
        NotificationKind.NewMessage,
        CONVERSATION_QUIET_HOURS,
      ],
    );
    const followUps = new Set(rows.map((r) => r.id));
    return created.filter((c) => !followUps.has(c.notification.id));
  }

  /** Tells the member's devices their new unread count after they marked notices read. */
  publishRead(userId: string, unreadCount: number): void {
    this.publisher.toUser(userId, SocketEvents.Notification, { notification: null, unreadCount });
  }

  async unreadCount(userId: string): Promise<number> {
    return (await this.unreadCounts([userId])).get(userId) ?? 0;
  }

  private async unreadCounts(userIds: string[]): Promise<Map<string, number>> {
    if (!userIds.length) return new Map();
    const rows: { user_id: string; unread: number }[] = await this.db.query(
      `SELECT user_id, count(*)::int AS unread FROM notifications
        WHERE user_id = ANY($1::uuid[]) AND read_at IS NULL GROUP BY user_id`,
      [userIds],
    );
    return new Map(rows.map((r) => [r.user_id, r.unread]));
  }
}
