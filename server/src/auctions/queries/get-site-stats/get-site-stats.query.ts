import { Query } from '@nestjs/cqrs';
import type { SiteStats } from '@mazad/contracts';

/** Home page tiles: total, open and sold auctions and total bids (deleted and archived auctions excluded). */
export class GetSiteStatsQuery extends Query<SiteStats> {}
