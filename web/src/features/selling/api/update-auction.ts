/** PUT /api/auctions/{id}, after POST /api/upload/images for each new image. */
import {
  path,
  routes,
  type AuctionMutationResult,
  type UpdateAuctionRequest,
  type UploadImageResult,
} from '@mazad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshAfterAuctionWrite } from '@/features/auctions';
import { api, type ApiError } from '@/lib/api-client';
import { UPDATE_ERROR, UPLOAD_ERROR } from '../lib/messages';

/** POST /api/upload/images (field `image`, one file per call): answers the stored image URL. */
export async function uploadAuctionImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file, file.name);
  const result = await api.post<UploadImageResult>(path(routes.auctions.uploadImage), form, {
    silent: true,
    fallbackMessage: UPLOAD_ERROR,
  });
  return result.imageUrl;
}

/** PUT /api/auctions/{id} (JSON). */
export function updateAuction(id: string, body: UpdateAuctionRequest): Promise<AuctionMutationResult> {
  return api.put<AuctionMutationResult>(path(routes.auctions.update, { id }), body, {
    silent: true,
    fallbackMessage: UPDATE_ERROR,
  });
}

export interface UpdateVariables {
  /** Image URLs the seller kept, in order. */
  kept: string[];
  /** New files, uploaded one per call before the update. */
  files: File[];
  body: Omit<UpdateAuctionRequest, 'images'>;
}

/**
 * Uploads each new file, then updates the auction with the image list (kept URLs first).
 * Progress counts the calls done. Every auction read then refreshes.
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
    onSuccess: () => refreshAfterAuctionWrite(queryClient),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
