/**
 * The calls of the create and edit screens. Creating is a multipart upload sent with
 * XMLHttpRequest, because fetch cannot report upload progress; it follows the API client's
 * conventions (bearer token, `{ statusCode, code, message, error }` bodies into `ApiError`).
 */
import type {
  Auction,
  AuctionMutationResult,
  SuccessResult,
  UpdateAuctionRequest,
  UploadImageResult,
} from '@mazad/contracts';
import { apiPaths } from '@/config/paths';
import { api, ApiError, getToken, NETWORK_ERROR_MESSAGE, type ApiErrorDetails } from '@/lib/api-client';
import { CREATE_ERROR, DELETE_ERROR, UPDATE_ERROR, UPLOAD_ERROR } from '../lib/messages';

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
 * message, then its error, then `fallback` (section 8: "message, then error, then generic").
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
  return postMultipartWithProgress<Auction>(apiPaths.auctions.list, form, onProgress, CREATE_ERROR);
}

/** POST /api/upload/images (field `image`, one file per call): answers the stored image URL. */
export async function uploadAuctionImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file, file.name);
  const result = await api.post<UploadImageResult>('/api/upload/images', form, {
    silent: true,
    fallbackMessage: UPLOAD_ERROR,
  });
  return result.imageUrl;
}

/** PUT /api/auctions/{id} (JSON). */
export function updateAuction(id: string, body: UpdateAuctionRequest): Promise<AuctionMutationResult> {
  return api.put<AuctionMutationResult>(apiPaths.auctions.detail(id), body, {
    silent: true,
    fallbackMessage: UPDATE_ERROR,
  });
}

/** DELETE /api/auctions/{id}. */
export function deleteAuction(id: string): Promise<SuccessResult> {
  return api.delete<SuccessResult>(apiPaths.auctions.detail(id), { silent: true, fallbackMessage: DELETE_ERROR });
}
