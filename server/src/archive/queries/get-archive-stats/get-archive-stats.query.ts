import { Query } from '@nestjs/cqrs';
import type { ArchiveStats } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** Counts of a member's archive: as seller (total, sold, unsold) and won. Member or admin session only. */
export class GetArchiveStatsQuery extends Query<ArchiveStats> {
  constructor(
    readonly viewer: AuthUser,
    readonly userId: string,
  ) {
    super();
  }
}
