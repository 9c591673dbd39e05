import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AnnouncementContent } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuditLog } from '../../../audit';
import { ImageOwnership } from '../../../infrastructure/storage/image-ownership';
import { AnnouncementEntity } from '../../entities/announcement.entity';
import { announcementFields, toAnnouncement } from '../../site-content.presenter';
import { SaveAnnouncementCommand } from './save-announcement.command';

/**
 * One upsert on the unique `singleton` column: two first saves racing still make one row. In
 * the same transaction the announcement claims its uploaded images (its own, or the saving
 * admin's free uploads: 403 IMAGE_NOT_OWNED otherwise) and lets go of those it dropped, whose
 * files are deleted after the commit (ImageOwnership), and the save's audit entry is written (R-AUDIT-LOG).
 */
@CommandHandler(SaveAnnouncementCommand)
export class SaveAnnouncementHandler implements ICommandHandler<SaveAnnouncementCommand, AnnouncementContent> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly ownership: ImageOwnership,
  ) {}

  async execute({ announcement: a, adminId }: SaveAnnouncementCommand): Promise<AnnouncementContent> {
    const { id, released } = await this.db.transaction(async (tx) => {
      const announcements = tx.getRepository(AnnouncementEntity);
      const old = await announcements.findOne({ where: { singleton: true }, lock: { mode: 'pessimistic_write' } });
      await this.ownership.claim(tx, a.images, adminId, 'announcement');
      const [row]: { id: string }[] = await tx.query(
        `INSERT INTO announcement_content (title, description, images, schedule_date, schedule_start_time, schedule_end_time,
                                           schedule_details, additional_info, is_active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (singleton) DO UPDATE
           SET title = EXCLUDED.title, description = EXCLUDED.description, images = EXCLUDED.images,
               schedule_date = EXCLUDED.schedule_date, schedule_start_time = EXCLUDED.schedule_start_time,
               schedule_end_time = EXCLUDED.schedule_end_time, schedule_details = EXCLUDED.schedule_details,
               additional_info = EXCLUDED.additional_info, is_active = EXCLUDED.is_active, updated_at = clock_timestamp()
         RETURNING id`,
        [
          a.title,
          a.description,
          a.images,
          a.scheduleInfo.date,
          a.scheduleInfo.startTime,
          a.scheduleInfo.endTime,
          a.scheduleInfo.details,
          a.additionalInfo,
          a.isActive,
        ],
      );
      const released = await this.ownership.release(tx, 'announcement', a.images);
      await AuditLog.record(tx, {
        actorId: adminId,
        action: 'announcement.update',
        target: { type: 'announcement', id: row.id },
        before: old ? announcementFields(old) : null,
        after: announcementFields(await announcements.findOneByOrFail({ id: row.id })),
      });
      return { id: row.id, released };
    });
    await this.ownership.removeFiles(released);
    return toAnnouncement(await this.db.getRepository(AnnouncementEntity).findOneByOrFail({ id }));
  }
}
