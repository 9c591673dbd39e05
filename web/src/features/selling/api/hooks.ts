/** Server state of the selling screens: the auction being edited, and the three writes. */
import type { Auction, AuctionMutationResult, SuccessResult, UpdateAuctionRequest } from '@mazad/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiPaths } from '@/config/paths';
import { api, type ApiError } from '@/lib/api-client';
import { refreshMemberData } from '@/lib/member-data';
import { createAuction, deleteAuction, updateAuction, uploadAuctionImage } from './requests';

/**
 * Every cached auction read (lists, details, stats) starts with this key in the auctions
 * feature; after a create, edit or delete they are all refetched.
 */
const AUCTION_QUERIES = ['auctions'] as const;

function refreshAuctionReads(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: AUCTION_QUERIES });
  void queryClient.invalidateQueries({ queryKey: ['site-stats'] });
  void refreshMemberData(queryClient);
}

export const sellingKeys = {
  editable: (id: string) => ['selling', 'auction', id] as const,
};

/** GET /api/auctions/{id} for the edit form: always fresh, never retried, errors handled by the screen. */
export function useAuctionToEdit(id: string | undefined) {
  return useQuery<Auction, ApiError>({
    queryKey: sellingKeys.editable(id ?? ''),
    queryFn: ({ signal }) => api.get<Auction>(apiPaths.auctions.detail(id!), { silent: true, signal }),
    enabled: Boolean(id),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/auctions with upload progress (0–1, null when idle). */
export function useCreateAuction() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation<Auction, ApiError, FormData>({
    mutationFn: (form) => {
      setProgress(0);
      return createAuction(form, setProgress);
    },
    onSuccess: () => refreshAuctionReads(queryClient),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

export interface UpdateVariables {
  /** Image URLs the seller kept, in order. */
  kept: string[];
  /** New files, uploaded one per call before the update. */
  files: File[];
  body: Omit<UpdateAuctionRequest, 'images'>;
}

/**
 * Uploads each new file through POST /api/upload/images, then PUT /api/auctions/{id} with the
 * image list (kept URLs first). Progress counts the calls done.
 */
export function useUpdateAuction(id: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation<AuctionMutationResult, ApiError, UpdateVariables>({
    mutationFn: async ({ kept, files, body }) => {
      const steps = files.length + 1;
      setProgress(0);
      const uploaded: string[] = [];
      for (const file of files) {
        uploaded.push(await uploadAuctionImage(file));
        setProgress(uploaded.length / steps);
      }
      const images = [...kept, ...uploaded];
      const result = await updateAuction(id, images.length > 0 ? { ...body, images } : body);
      setProgress(1);
      return result;
    },
    onSuccess: () => refreshAuctionReads(queryClient),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

export function useDeleteAuction(id: string) {
  const queryClient = useQueryClient();
  return useMutation<SuccessResult, ApiError, void>({
    mutationFn: () => deleteAuction(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['auctions', 'detail', id] });
      refreshAuctionReads(queryClient);
    },
  });
}
