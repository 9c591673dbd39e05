import { Query } from '@nestjs/cqrs';
import type { AdminStats } from '@mazad/contracts';

/**
 * The dashboard's figures over the whole history (archived auctions count; deleted auctions and
 * deleted members do not): members, auctions, open ones, sold ones, bids, revenue in JOD.
 */
export class GetAdminStatsQuery extends Query<AdminStats> {}
