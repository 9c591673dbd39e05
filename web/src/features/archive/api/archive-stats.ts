/** GET /api/users/{id}/archive-stats: the counts above the archive's tabs. */
import { path, routes, type ArchiveStats, type ArchiveStatsResult } from '@mazad/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { archiveKeys } from './keys';
import { logged } from './logged';

const EMPTY_STATS: ArchiveStats = { totalArchived: 0, soldArchived: 0, unsoldArchived: 0, wonArchived: 0 };

export async function getArchiveStats(userId: string): Promise<ArchiveStats> {
  return api
    .get<ArchiveStatsResult>(path(routes.archive.stats, { userId }), { silent: true })
    .then((r) => ({
      totalArchived: Number(r?.totalArchived) || 0,
      soldArchived: Number(r?.soldArchived) || 0,
      unsoldArchived: Number(r?.unsoldArchived) || 0,
      wonArchived: Number(r?.wonArchived) || 0,
    }))
    .catch(logged('stats', EMPTY_STATS));
}

export const archiveStatsQuery = (userId: string) =>
  queryOptions({ queryKey: archiveKeys.stats(userId), queryFn: () => getArchiveStats(userId) });
