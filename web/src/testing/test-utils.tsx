/** Helpers for component tests: a fake API, a signed-in session, the app's routes in memory. */
import type { SiteSettingsResult, User } from '@mazad/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers';
import { routes } from '@/app/router';

export type Handler = (body: unknown, url: URL, init: RequestInit) => { status?: number; body?: unknown } | unknown;

/**
 * Replaces fetch with a table of "METHOD /path" handlers. A handler returns either a plain body
 * (answered 200) or { status, body }, or a promise of either. Unknown calls answer 404 with an Arabic error body.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key];
    const json = (status: number, body: unknown) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (!handler)
      return json(404, {
        statusCode: 404,
        code: 'NOT_FOUND',
        message: 'المسار المطلوب غير موجود',
        error: 'المسار المطلوب غير موجود',
      });
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    // A handler may answer later (a promise), to test what a screen shows while it waits.
    const result = (await handler(body, url, init)) as { status?: number; body?: unknown } | undefined;
    if (result && typeof result === 'object' && 'status' in result && typeof result.status === 'number')
      return json(result.status, result.body);
    return json(200, result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to one "METHOD /path". */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` ===
        key,
    )
    .map(([, init]) => {
      const body = (init as RequestInit | undefined)?.body;
      return typeof body === 'string' ? JSON.parse(body) : body;
    });
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u-1',
    id: 'u-1',
    name: 'سارة أحمد',
    email: 'sara@example.jo',
    phone: '0791234567',
    location: 'عمّان',
    profileImage: null,
    isVerified: true,
    isAdmin: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Saves a session as a previous visit would have; pair with a `GET /api/auth/me` handler. */
export function storeSession(user: User, token = 'test-token') {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
}

/**
 * Renders one component inside the app's providers and a memory router at `/` (with `search`,
 * the URL's query), with a fake API (and a session).
 */
export function renderWithApp(
  ui: ReactNode,
  { user, api = {}, search = '' }: { user?: User; api?: Record<string, Handler>; search?: string } = {},
) {
  if (user) storeSession(user);
  const fetchMock = mockApi({ ...(user ? { 'GET /api/auth/me': () => ({ user }) } : {}), ...api });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '*', element: <p>صفحة أخرى</p> },
    ],
    { initialEntries: [`/${search}`] },
  );
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, fetchMock };
}

/** Renders the whole app (layout, guards, lazy routes) at a path. */
export function renderApp(path: string | { pathname: string; state?: unknown }) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** The `GET /api/settings` answer with the server's defaults; pass what a test changes. */
export function makeSettings(overrides: Partial<SiteSettingsResult> = {}): SiteSettingsResult {
  return {
    success: true,
    auctionDurations: ['1h', '24h', '72h', '7d', '30d'],
    bidExtensionSeconds: 90,
    archiveUnsoldAfterSeconds: 15 * 60,
    archiveSoldAfterSeconds: 24 * 3600,
    contact: { phone: '', email: '' },
    ...overrides,
  };
}
