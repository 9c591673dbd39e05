import { Command } from '@nestjs/cqrs';
import type { AnnouncementContent, AnnouncementSchedule } from '@mazad/contracts';

export interface AnnouncementFields {
  title: string;
  description: string;
  images: string[];
  scheduleInfo: AnnouncementSchedule;
  additionalInfo: string;
  isActive: boolean;
}

/** An admin saves the announcement page (the first save creates it, later ones replace it). */
export class SaveAnnouncementCommand extends Command<AnnouncementContent> {
  constructor(
    readonly announcement: AnnouncementFields,
    readonly adminId: string,
  ) {
    super();
  }
}
