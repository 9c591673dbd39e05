/**
 * GET /api/users/{id}/archived-auctions (the member's own, `status` sold or unsold) and
 * GET /api/users/{id}/won-archived-auctions (the ones they won): the archive's lists, and the
 * profile's archived tabs.
 */
import { path, routes, type ArchivedAuction, type ArchivedAuctionsResult } from '@mazad/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { archiveKeys } from './keys';
import { logged } from './logged';

/** The server's largest page: one call brings a member's whole archive in practice. */
export const ARCHIVE_PAGE_SIZE = 100;

export async function getMyArchived(userId: string, status?: 'sold' | 'unsold'): Promise<ArchivedAuction[]> {
  return api
    .get<ArchivedAuctionsResult>(path(routes.archive.sold, { id: userId }), {
      silent: true,
      query: { limit: ARCHIVE_PAGE_SIZE, status },
    })
    .then((r) => r?.archivedAuctions ?? [])
    .catch(logged('archived auctions', []));
}

export async function getWonArchived(userId: string): Promise<ArchivedAuction[]> {
  return api
    .get<ArchivedAuctionsResult>(path(routes.archive.won, { id: userId }), {
      silent: true,
      query: { limit: ARCHIVE_PAGE_SIZE },
    })
    .then((r) => r?.archivedAuctions ?? [])
    .catch(logged('won archived auctions', []));
}

export const myArchivedQuery = (userId: string) =>
  queryOptions({ queryKey: archiveKeys.mine(userId), queryFn: () => getMyArchived(userId) });

export const wonArchivedQuery = (userId: string) =>
  queryOptions({ queryKey: archiveKeys.won(userId), queryFn: () => getWonArchived(userId) });
