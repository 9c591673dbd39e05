/**
 * The profile's archived tabs: the archive feature's reads (won, and the member's unsold),
 * under the member's keys so the profile's refreshes reach them.
 */
import { useQuery } from '@tanstack/react-query';
import { getMyArchived, getWonArchived } from '@/features/archive';
import { profileKeys } from './keys';
import { isMemberId } from './list-or-empty';

export function useWonArchived(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.wonArchived(id ?? ''),
    queryFn: () => getWonArchived(id!),
    enabled: isMemberId(id),
  });
}

export function useArchivedUnsold(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.archivedUnsold(id ?? ''),
    queryFn: () => getMyArchived(id!, 'unsold'),
    enabled: isMemberId(id),
  });
}
