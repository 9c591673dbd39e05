/** The archive screen's three reads together. */
import { useQuery } from '@tanstack/react-query';
import { archiveStatsQuery } from './archive-stats';
import { myArchivedQuery, wonArchivedQuery } from './archived-auctions';

export function useArchive(userId: string) {
  const stats = useQuery(archiveStatsQuery(userId));
  const mine = useQuery(myArchivedQuery(userId));
  const won = useQuery(wonArchivedQuery(userId));
  return { stats, mine, won, isPending: stats.isPending || mine.isPending || won.isPending };
}
