import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkFirst } from 'workbox-strategies';
import {
  forgetRemovedImages,
  UPLOADED_IMAGES_CACHE,
  UPLOADED_IMAGES_NETWORK_TIMEOUT_SECONDS,
  uploadedImagesStrategy,
} from './uploaded-images';

/** The worker's CacheStorage, in memory: one cache of responses by URL. */
function memoryCaches() {
  const stored = new Map<string, Response>();
  const cache = {
    match: async (request: Request | string) => stored.get(typeof request === 'string' ? request : request.url),
    put: async (request: Request, response: Response) => void stored.set(request.url, response),
    delete: async (request: Request | string) => stored.delete(typeof request === 'string' ? request : request.url),
  };
  const open = vi.fn(async () => cache);
  vi.stubGlobal('caches', { open });
  return { stored, open };
}

const IMAGE = 'https://mazad.example/uploads/0123456789abcdef0123456789abcdef.webp';

describe('uploaded images in the service worker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the network first, revalidating the browser cache, and keeps a stored copy for slow and offline moments', () => {
    const strategy = uploadedImagesStrategy();
    expect(strategy).toBeInstanceOf(NetworkFirst);
    expect(strategy.cacheName).toBe(UPLOADED_IMAGES_CACHE);
    // Uploads are `immutable` in the HTTP cache: without this, a removed image would come from there.
    expect(strategy.fetchOptions).toEqual({ cache: 'no-cache' });
    expect(UPLOADED_IMAGES_NETWORK_TIMEOUT_SECONDS).toBeGreaterThan(0);
    expect(strategy.plugins.some((p) => p.fetchDidSucceed)).toBe(true);
  });

  it('an image the server no longer has (404, 410) loses its stored copy', async () => {
    const { stored, open } = memoryCaches();
    const plugin = forgetRemovedImages();
    for (const status of [404, 410]) {
      stored.set(IMAGE, new Response('old image'));
      const request = new Request(IMAGE);
      const answer = new Response(null, { status });
      expect(await plugin.fetchDidSucceed!({ request, response: answer } as never)).toBe(answer);
      expect(stored.has(IMAGE)).toBe(false);
    }
    expect(open).toHaveBeenCalledWith(UPLOADED_IMAGES_CACHE);
  });

  it('an image still there, or a server failing for a moment, keeps it', async () => {
    const { stored } = memoryCaches();
    const plugin = forgetRemovedImages();
    for (const status of [200, 304, 500, 503]) {
      stored.set(IMAGE, new Response('image'));
      const response = new Response(status === 304 ? null : 'x', { status });
      await plugin.fetchDidSucceed!({ request: new Request(IMAGE), response } as never);
      expect(stored.has(IMAGE)).toBe(true);
    }
  });
});
