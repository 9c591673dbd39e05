/**
 * The calls of the profile screens. List reads are silent and answer an empty list on failure
 * (R-CLIENT-ERROR-TEXT); the profile itself and its
 * statistics report failures, so the screen can show its error state.
 */
import type {
  ArchivedAuction,
  ArchivedAuctionsResult,
  Auction,
  ChangeCredentialsRequest,
  ChangeCredentialsResult,
  ConfirmArchivedDealResult,
  ConfirmEmailChangeResult,
  ConfirmDealResult,
  ProfileImageResult,
  PublicUser,
  Rating,
  RatingsResult,
  RatingStats,
  RatingStatsResult,
  UpdateProfileRequest,
  UpdateProfileResult,
  User,
  UserAuctionsResult,
  UserBidAuction,
  UserBidAuctionsResult,
  UserResult,
  UserStats,
  UserStatsResult,
} from '@mazad/contracts';
import { api } from '@/lib/api-client';
import * as m from '../lib/messages';

const id = (value: string) => encodeURIComponent(value);

export const profileApi = {
  user: (userId: string) => `/api/users/${id(userId)}`,
  stats: (userId: string) => `/api/users/${id(userId)}/stats`,
  ratings: (userId: string) => `/api/users/${id(userId)}/ratings`,
  ratingStats: (userId: string) => `/api/users/${id(userId)}/rating-stats`,
  auctions: (userId: string) => `/api/auctions/user/${id(userId)}`,
  won: (userId: string) => `/api/auctions/user/${id(userId)}/won`,
  bids: (userId: string) => `/api/auctions/user/${id(userId)}/bids`,
  wonArchived: (userId: string) => `/api/users/${id(userId)}/won-archived-auctions`,
  archived: (userId: string) => `/api/users/${id(userId)}/archived-auctions`,
  confirmArchivedDeal: (userId: string, archivedId: string) =>
    `/api/users/${id(userId)}/confirm-archived-deal/${id(archivedId)}`,
  confirmDeal: (auctionId: string) => `/api/auctions/${id(auctionId)}/confirm-deal`,
  changeCredentials: '/api/users/change-credentials',
  confirmEmailChange: '/api/users/confirm-email-change',
  profileImage: '/api/users/profile-image',
} as const;

async function listOrEmpty<T>(read: () => Promise<T[] | undefined>): Promise<T[]> {
  try {
    return (await read()) ?? [];
  } catch {
    return [];
  }
}

export async function getUser(userId: string, signal?: AbortSignal): Promise<PublicUser | User> {
  return (await api.get<UserResult>(profileApi.user(userId), { silent: true, signal })).user;
}

export async function getUserStats(userId: string, signal?: AbortSignal): Promise<UserStats> {
  const { totalAuctions, activeAuctions, soldAuctions, unsoldAuctions, totalBids, wonAuctions } =
    await api.get<UserStatsResult>(profileApi.stats(userId), {
      silent: true,
      signal,
    });
  return { totalAuctions, activeAuctions, soldAuctions, unsoldAuctions: unsoldAuctions ?? 0, totalBids, wonAuctions };
}

export async function getRatingStats(userId: string, signal?: AbortSignal): Promise<RatingStats> {
  try {
    const { averageRating, validRatings } = await api.get<RatingStatsResult>(profileApi.ratingStats(userId), {
      silent: true,
      signal,
    });
    return { averageRating, validRatings };
  } catch {
    return { averageRating: 0, validRatings: 0 };
  }
}

export const getUserAuctions = (userId: string, status?: string, signal?: AbortSignal): Promise<Auction[]> =>
  listOrEmpty(
    async () =>
      (await api.get<UserAuctionsResult>(profileApi.auctions(userId), { silent: true, signal, query: { status } }))
        .auctions,
  );

export const getWonAuctions = (userId: string, signal?: AbortSignal): Promise<Auction[]> =>
  listOrEmpty(
    async () => (await api.get<UserAuctionsResult>(profileApi.won(userId), { silent: true, signal })).auctions,
  );

export const getBidAuctions = (userId: string, signal?: AbortSignal): Promise<UserBidAuction[]> =>
  listOrEmpty(
    async () => (await api.get<UserBidAuctionsResult>(profileApi.bids(userId), { silent: true, signal })).auctions,
  );

export const getRatings = (userId: string, signal?: AbortSignal): Promise<Rating[]> =>
  listOrEmpty(async () => (await api.get<RatingsResult>(profileApi.ratings(userId), { silent: true, signal })).ratings);

export const getWonArchived = (userId: string, signal?: AbortSignal): Promise<ArchivedAuction[]> =>
  listOrEmpty(
    async () =>
      (await api.get<ArchivedAuctionsResult>(profileApi.wonArchived(userId), { silent: true, signal }))
        .archivedAuctions,
  );

export const getArchivedUnsold = (userId: string, signal?: AbortSignal): Promise<ArchivedAuction[]> =>
  listOrEmpty(
    async () =>
      (
        await api.get<ArchivedAuctionsResult>(profileApi.archived(userId), {
          silent: true,
          signal,
          query: { status: 'unsold' },
        })
      ).archivedAuctions,
  );

export function updateProfile(userId: string, body: UpdateProfileRequest): Promise<UpdateProfileResult> {
  return api.put<UpdateProfileResult>(profileApi.user(userId), body, {
    silent: true,
    fallbackMessage: m.PROFILE_UPDATE_ERROR,
  });
}

export function changeCredentials(body: ChangeCredentialsRequest): Promise<ChangeCredentialsResult> {
  return api.put<ChangeCredentialsResult>(profileApi.changeCredentials, body, {
    silent: true,
    fallbackMessage: m.CREDENTIALS_UPDATE_ERROR,
  });
}

/** POST /api/users/confirm-email-change: the code sent to the new email makes the change. */
export function confirmEmailChange(code: string): Promise<ConfirmEmailChangeResult> {
  return api.post<ConfirmEmailChangeResult>(
    profileApi.confirmEmailChange,
    { code },
    { silent: true, fallbackMessage: m.EMAIL_CHANGE_ERROR },
  );
}

/** PUT /api/users/profile-image (field `profileImage`), 30 s timeout; the screen words the failure. */
export function uploadProfileImage(file: File): Promise<ProfileImageResult> {
  const form = new FormData();
  form.append('profileImage', file, file.name);
  return api.put<ProfileImageResult>(profileApi.profileImage, form, {
    silent: true,
    timeoutMs: m.PROFILE_IMAGE_TIMEOUT_MS,
  });
}

export function confirmDeal(auctionId: string): Promise<ConfirmDealResult> {
  return api.patch<ConfirmDealResult>(profileApi.confirmDeal(auctionId), undefined, {
    silent: true,
    fallbackMessage: m.DEAL_CONFIRM_ERROR,
  });
}

export function confirmArchivedDeal(userId: string, archivedId: string): Promise<ConfirmArchivedDealResult> {
  return api.patch<ConfirmArchivedDealResult>(profileApi.confirmArchivedDeal(userId, archivedId), undefined, {
    silent: true,
    fallbackMessage: m.DEAL_CONFIRM_ERROR,
  });
}
