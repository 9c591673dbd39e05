import { Query } from '@nestjs/cqrs';
import type { SiteSettings } from '@mazad/contracts';

/** The deployment's configurable numbers and contact details, as the public settings call answers them. */
export class GetSiteSettingsQuery extends Query<SiteSettings> {}
