/**
 * Query hooks of the profile screens. Keys start with MEMBER_DATA_KEY and the member's id, so one
 * invalidation refreshes a member (and `refreshMemberData` every member, after an own bid or delete).
 */
import type { User } from '@mazad/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { errorMessage, type ApiError } from '@/lib/api-client';
import { MEMBER_DATA_KEY } from '@/lib/member-data';
import { DEAL_CONFIRM_ERROR, DEAL_CONFIRMED } from '../lib/messages';
import * as r from './requests';

export const profileKeys = {
  member: (id: string) => [...MEMBER_DATA_KEY, id] as const,
  user: (id: string) => [...MEMBER_DATA_KEY, id, 'profile'] as const,
  stats: (id: string) => [...MEMBER_DATA_KEY, id, 'stats'] as const,
  ratingStats: (id: string) => [...MEMBER_DATA_KEY, id, 'rating-summary'] as const,
  ratings: (id: string) => [...MEMBER_DATA_KEY, id, 'ratings'] as const,
  auctions: (id: string, status?: string) => [...MEMBER_DATA_KEY, id, 'auctions', status ?? 'all'] as const,
  won: (id: string) => [...MEMBER_DATA_KEY, id, 'won'] as const,
  bids: (id: string) => [...MEMBER_DATA_KEY, id, 'bids'] as const,
  wonArchived: (id: string) => [...MEMBER_DATA_KEY, id, 'won-archived'] as const,
  archivedUnsold: (id: string) => [...MEMBER_DATA_KEY, id, 'archived-unsold'] as const,
};

const enabled = (id: string | undefined): id is string => Boolean(id);

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.user(id ?? ''),
    queryFn: ({ signal }) => r.getUser(id!, signal),
    enabled: enabled(id),
    retry: false,
  });
}

export function useUserStats(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.stats(id ?? ''),
    queryFn: ({ signal }) => r.getUserStats(id!, signal),
    enabled: enabled(id),
    retry: false,
  });
}

export function useRatingStats(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.ratingStats(id ?? ''),
    queryFn: ({ signal }) => r.getRatingStats(id!, signal),
    enabled: enabled(id),
  });
}

export function useRatings(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.ratings(id ?? ''),
    queryFn: ({ signal }) => r.getRatings(id!, signal),
    enabled: enabled(id),
  });
}

export function useUserAuctions(id: string | undefined, status?: string) {
  return useQuery({
    queryKey: profileKeys.auctions(id ?? '', status),
    queryFn: ({ signal }) => r.getUserAuctions(id!, status, signal),
    enabled: enabled(id),
  });
}

export function useWonAuctions(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.won(id ?? ''),
    queryFn: ({ signal }) => r.getWonAuctions(id!, signal),
    enabled: enabled(id),
  });
}

export function useBidAuctions(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.bids(id ?? ''),
    queryFn: ({ signal }) => r.getBidAuctions(id!, signal),
    enabled: enabled(id),
  });
}

export function useWonArchived(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.wonArchived(id ?? ''),
    queryFn: ({ signal }) => r.getWonArchived(id!, signal),
    enabled: enabled(id),
  });
}

export function useArchivedUnsold(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.archivedUnsold(id ?? ''),
    queryFn: ({ signal }) => r.getArchivedUnsold(id!, signal),
    enabled: enabled(id),
  });
}

/** Confirms a live or an archived deal; the member's lists and the auction reads refresh. */
export function useConfirmDeal(userId: string) {
  const queryClient = useQueryClient();
  return useMutation<{ message?: string }, ApiError, { auctionId: string; archived?: boolean }>({
    mutationFn: ({ auctionId, archived }) =>
      archived ? r.confirmArchivedDeal(userId, auctionId) : r.confirmDeal(auctionId),
    onSuccess: (result) => {
      toast.success(result?.message || DEAL_CONFIRMED);
      void queryClient.invalidateQueries({ queryKey: profileKeys.member(userId) });
      void queryClient.invalidateQueries({ queryKey: ['auctions'] });
    },
    onError: (error) => toast.error(errorMessage(error, DEAL_CONFIRM_ERROR)),
  });
}

/** Writes a fresh copy of the signed-in member into the profile cache. */
export function useStoreOwnUser() {
  const queryClient = useQueryClient();
  return (user: User) => queryClient.setQueryData(profileKeys.user(user._id), user);
}
