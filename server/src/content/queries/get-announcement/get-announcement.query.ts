import { Query } from '@nestjs/cqrs';
import type { AnnouncementContent } from '@mazad/contracts';

/** The announcement page's content (null until an admin saves one), active or not: the page and the editor both read it. */
export class GetAnnouncementQuery extends Query<AnnouncementContent | null> {}
