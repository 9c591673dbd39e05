/**
 * How the service worker (web/sw/sw.ts) answers uploaded images (/uploads/<name>): from the
 * network first, the stored copy only when the network fails or is slow. An image an operator
 * removed (the server answers 404) is gone on the next view while online, and its stored copy
 * with it; an image still there stays stored for a day, for offline and slow moments.
 *
 * The server sends uploads as `immutable` for a year (their names are never reused), so the
 * worker's request asks the browser's HTTP cache to revalidate (`cache: 'no-cache'`: a 304 when
 * nothing changed); without it the browser would answer from its own cache, removed or not.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { NetworkFirst } from 'workbox-strategies';

export const UPLOADED_IMAGES_CACHE = 'mazad-uploaded-images';
/** Past this wait for the network, the stored copy (if any) is shown. */
export const UPLOADED_IMAGES_NETWORK_TIMEOUT_SECONDS = 4;
/** What the worker asks of the network for an image: revalidated, never the HTTP cache's word alone. */
export const UPLOADED_IMAGES_FETCH: RequestInit = { cache: 'no-cache' };

/** A removed image (404, 410): its stored copy is deleted, so it is not shown offline either. */
export function forgetRemovedImages(cacheName: string = UPLOADED_IMAGES_CACHE): WorkboxPlugin {
  return {
    fetchDidSucceed: async ({ request, response }) => {
      if (response.status === 404 || response.status === 410) await (await caches.open(cacheName)).delete(request);
      return response;
    },
  };
}

export function uploadedImagesStrategy(): NetworkFirst {
  return new NetworkFirst({
    cacheName: UPLOADED_IMAGES_CACHE,
    networkTimeoutSeconds: UPLOADED_IMAGES_NETWORK_TIMEOUT_SECONDS,
    fetchOptions: UPLOADED_IMAGES_FETCH,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      forgetRemovedImages(),
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  });
}
