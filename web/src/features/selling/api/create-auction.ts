/**
 * POST /api/auctions (multipart). Creating is a multipart upload sent with XMLHttpRequest,
 * because fetch cannot report upload progress; it follows the API client's conventions (bearer
 * token, `{ statusCode, code, message, error }` bodies into `ApiError`).
 */
import { path, routes, type Auction } from '@mazad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshAfterAuctionWrite } from '@/features/auctions';
import { ApiError, getToken, NETWORK_ERROR_MESSAGE, type ApiErrorDetails } from '@/lib/api-client';
import { CREATE_ERROR } from '../lib/messages';

/** Upload progress from 0 to 1 (the request body sent so far). */
export type ProgressListener = (fraction: number) => void;

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POSTs a multipart body and reports upload progress. Errors become `ApiError` with the server's
 * message, then its error, then `fallback` (R-CLIENT-ERROR-TEXT).
 */
export function postMultipartWithProgress<T>(
  url: string,
  body: FormData,
  onProgress?: ProgressListener,
  fallback = CREATE_ERROR,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(data as T);
        return;
      }
      const details = (data && typeof data === 'object' ? data : undefined) as ApiErrorDetails | undefined;
      const text = [details?.message, details?.error].find((v) => typeof v === 'string' && v.trim()) as
        string | undefined;
      reject(new ApiError(text ?? fallback, xhr.status, details));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 0));
    xhr.onabort = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 0));
    xhr.send(body);
  });
}

/** POST /api/auctions (multipart): answers the new auction. Not toasted here: the screen shows the error. */
export function createAuction(form: FormData, onProgress?: ProgressListener): Promise<Auction> {
  return postMultipartWithProgress<Auction>(path(routes.auctions.create), form, onProgress, CREATE_ERROR);
}

/** POST /api/auctions with upload progress (0–1, null when idle); every auction read then refreshes. */
export function useCreateAuction() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation<Auction, ApiError, FormData>({
    mutationFn: (form) => {
      setProgress(0);
      return createAuction(form, setProgress);
    },
    onSuccess: () => refreshAfterAuctionWrite(queryClient),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
