import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NotificationsResult } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { NOTIFICATION_COLUMNS, NotificationRow, Notifier, presentNotification } from '../../notifier';
import { GetNotificationsQuery } from './get-notifications.query';

/** The member's own notices only (R-NOTICE-OWNER), through the (user_id, created_at) index. */
@QueryHandler(GetNotificationsQuery)
export class GetNotificationsHandler implements IQueryHandler<GetNotificationsQuery, NotificationsResult> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly notifier: Notifier,
  ) {}

  async execute({ userId, page, limit }: GetNotificationsQuery): Promise<NotificationsResult> {
    const [[{ total }], rows, unreadCount] = await Promise.all([
      this.db.query(`SELECT count(*)::int AS total FROM notifications WHERE user_id = $1`, [userId]),
      this.db.query(
        `SELECT ${NOTIFICATION_COLUMNS} FROM notifications WHERE user_id = $1
          ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [userId, limit, (page - 1) * limit],
      ) as Promise<NotificationRow[]>,
      this.notifier.unreadCount(userId),
    ]);
    const totalPages = Math.ceil(total / limit);
    return {
      success: true,
      notifications: rows.map(presentNotification),
      unreadCount,
      pagination: { page, limit, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 },
    };
  }
}
