import { matchRoutes, type LoaderFunctionArgs } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/test-utils';
import { FIRST_PAGES } from './first-pages';
import { createQueryClient } from './providers';
import { createRoutes } from './router';

/** The leaf route the router picks for `url`, with its loader run as on a first visit. */
async function firstVisit(url: string) {
  const fetchMock = mockApi({
    'GET /api/auctions': () => ({ auctions: [] }),
    'GET /api/banners': () => ({ banners: [] }),
    'GET /api/site-content': () => ({ banner: null, features: [] }),
    'GET /api/settings': () => ({ auctionDurations: [], bidExtensionSeconds: 90, contact: {} }),
  });
  const routes = createRoutes(createQueryClient());
  const matches = matchRoutes(routes, url) ?? [];
  const leaf = matches[matches.length - 1];
  const loader = leaf?.route.loader;
  if (typeof loader === 'function')
    await loader({ request: new Request(`http://localhost${url}`), params: leaf.params } as LoaderFunctionArgs);
  const requested = fetchMock.mock.calls.map(([input, init]) => ({
    url: String(input),
    method: init?.method ?? 'GET',
  }));
  return { leaf, requested };
}

describe('first pages (the server preloads their code and first API reads)', () => {
  it.each(FIRST_PAGES.map((page) => [page.path, page] as const))('%s is a lazy route of the router', async (path) => {
    const { leaf } = await firstVisit(path.replace(':id', '0b6c3a52'));
    expect(leaf?.route.index ? '/' : leaf?.route.path).toBe(path);
    expect(leaf?.route.lazy).toBeTypeOf('function');
  });

  it.each(FIRST_PAGES.filter((page) => page.api?.length).map((page) => [page.path, page.api!] as const))(
    '%s asks first for exactly the preloaded URLs (so the browser hands it the preloaded answers)',
    async (path, api) => {
      const { requested } = await firstVisit(path);
      for (const url of api) expect(requested).toContainEqual({ url, method: 'GET' });
    },
  );
});
