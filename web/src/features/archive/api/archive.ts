/**
 * The archive calls (shapes in contracts/src/api/archive.ts). Load failures are only logged
 * (R-CLIENT-ERROR-TEXT): the screen then shows empty lists.
 */
import type {
  ArchivedAuction,
  ArchivedAuctionsResult,
  ArchiveStats,
  ArchiveStatsResult,
  ConfirmArchivedDealResult,
} from '@mazad/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The server's largest page: one call brings a member's whole archive in practice. */
export const ARCHIVE_PAGE_SIZE = 100;
export const ARCHIVE_CONFIRM_ERROR = 'حدث خطأ أثناء تأكيد الصفقة';

const enc = encodeURIComponent;
export const archiveApiPaths = {
  mine: (userId: string) => `/api/users/${enc(userId)}/archived-auctions`,
  won: (userId: string) => `/api/users/${enc(userId)}/won-archived-auctions`,
  stats: (userId: string) => `/api/users/${enc(userId)}/archive-stats`,
  confirm: (userId: string, archivedId: string) => `/api/users/${enc(userId)}/confirm-archived-deal/${enc(archivedId)}`,
} as const;

export const archiveKeys = {
  all: (userId: string) => ['archive', userId] as const,
  stats: (userId: string) => ['archive', userId, 'stats'] as const,
  mine: (userId: string) => ['archive', userId, 'mine'] as const,
  won: (userId: string) => ['archive', userId, 'won'] as const,
};

const EMPTY_STATS: ArchiveStats = { totalArchived: 0, soldArchived: 0, unsoldArchived: 0, wonArchived: 0 };

function logged<T>(what: string, fallback: T) {
  return (error: unknown): T => {
    console.warn(`[archive] ${what} failed:`, error instanceof Error ? error.message : error);
    return fallback;
  };
}

export async function getArchiveStats(userId: string): Promise<ArchiveStats> {
  return api
    .get<ArchiveStatsResult>(archiveApiPaths.stats(userId), { silent: true })
    .then((r) => ({
      totalArchived: Number(r?.totalArchived) || 0,
      soldArchived: Number(r?.soldArchived) || 0,
      unsoldArchived: Number(r?.unsoldArchived) || 0,
      wonArchived: Number(r?.wonArchived) || 0,
    }))
    .catch(logged('stats', EMPTY_STATS));
}

export async function getMyArchived(userId: string): Promise<ArchivedAuction[]> {
  return api
    .get<ArchivedAuctionsResult>(archiveApiPaths.mine(userId), { silent: true, query: { limit: ARCHIVE_PAGE_SIZE } })
    .then((r) => r?.archivedAuctions ?? [])
    .catch(logged('archived auctions', []));
}

export async function getWonArchived(userId: string): Promise<ArchivedAuction[]> {
  return api
    .get<ArchivedAuctionsResult>(archiveApiPaths.won(userId), { silent: true, query: { limit: ARCHIVE_PAGE_SIZE } })
    .then((r) => r?.archivedAuctions ?? [])
    .catch(logged('won archived auctions', []));
}

export function useArchive(userId: string) {
  const stats = useQuery({ queryKey: archiveKeys.stats(userId), queryFn: () => getArchiveStats(userId) });
  const mine = useQuery({ queryKey: archiveKeys.mine(userId), queryFn: () => getMyArchived(userId) });
  const won = useQuery({ queryKey: archiveKeys.won(userId), queryFn: () => getWonArchived(userId) });
  return { stats, mine, won, isPending: stats.isPending || mine.isPending || won.isPending };
}

/** The winner confirms receipt of an archived won auction (toast: the server's message). */
export function useConfirmArchivedDeal(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (archivedId: string) =>
      api.patch<ConfirmArchivedDealResult>(archiveApiPaths.confirm(userId, archivedId), undefined, {
        fallbackMessage: ARCHIVE_CONFIRM_ERROR,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: archiveKeys.all(userId) }),
  });
}
