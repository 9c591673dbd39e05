import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NotificationsReadResult } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { Notifier } from '../../notifier';
import { MarkReadCommand } from './mark-read.command';

/**
 * Reading is idempotent: a notice read already keeps its first `read_at`. Only the owner's rows
 * are ever touched (R-NOTICE-OWNER): another member's notice is as missing as an unknown one, so
 * its existence is not revealed. The member's other devices hear the new count.
 */
@CommandHandler(MarkReadCommand)
export class MarkReadHandler implements ICommandHandler<MarkReadCommand, NotificationsReadResult> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly notifier: Notifier,
  ) {}

  async execute({ userId, notificationId }: MarkReadCommand): Promise<NotificationsReadResult> {
    if (notificationId) {
      const [found] = await this.db.query(
        `WITH owned AS (SELECT id FROM notifications WHERE id = $1 AND user_id = $2),
              marked AS (UPDATE notifications n SET read_at = now() FROM owned
                          WHERE n.id = owned.id AND n.read_at IS NULL RETURNING n.id)
         SELECT id FROM owned`,
        [notificationId, userId],
      );
      if (!found) throw new AppException('NOTIFICATION_NOT_FOUND');
    } else {
      await this.db.query(`UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`, [userId]);
    }
    const unreadCount = await this.notifier.unreadCount(userId);
    this.notifier.publishRead(userId, unreadCount);
    return {
      success: true,
      message: notificationId ? 'تم تعليم الإشعار كمقروء' : 'تم تعليم كل الإشعارات كمقروءة',
      unreadCount,
    };
  }
}
