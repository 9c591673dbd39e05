import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AnnouncementContent } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AnnouncementEntity } from '../../entities/announcement.entity';
import { toAnnouncement } from '../../site-content.presenter';
import { SaveAnnouncementCommand } from './save-announcement.command';

/** One upsert on the unique `singleton` column: two first saves racing still make one row. */
@CommandHandler(SaveAnnouncementCommand)
export class SaveAnnouncementHandler implements ICommandHandler<SaveAnnouncementCommand, AnnouncementContent> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ announcement: a }: SaveAnnouncementCommand): Promise<AnnouncementContent> {
    const [row] = await this.db.query(
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
    return toAnnouncement(await this.db.getRepository(AnnouncementEntity).findOneByOrFail({ id: row.id }));
  }
}
