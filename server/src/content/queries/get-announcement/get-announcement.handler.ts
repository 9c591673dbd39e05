import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { AnnouncementContent } from '@mazad/contracts';
import { Repository } from 'typeorm';
import { AnnouncementEntity } from '../../entities/announcement.entity';
import { toAnnouncement } from '../../site-content.presenter';
import { GetAnnouncementQuery } from './get-announcement.query';

@QueryHandler(GetAnnouncementQuery)
export class GetAnnouncementHandler implements IQueryHandler<GetAnnouncementQuery, AnnouncementContent | null> {
  constructor(@InjectRepository(AnnouncementEntity) private readonly announcements: Repository<AnnouncementEntity>) {}

  async execute(): Promise<AnnouncementContent | null> {
    const [row] = await this.announcements.find({ take: 1 });
    return row ? toAnnouncement(row) : null;
  }
}
