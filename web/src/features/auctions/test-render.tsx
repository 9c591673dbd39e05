/** Renders one component inside the app's providers and a memory router (tests only). */
import type { User } from '@mazad/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders, createQueryClient } from '@/app/providers';
import { mockApi, storeSession, type Handler } from '@/testing/test-utils';

export function renderWithApp(ui: ReactNode, { user, api = {} }: { user?: User; api?: Record<string, Handler> } = {}) {
  if (user) storeSession(user);
  const fetchMock = mockApi({ ...(user ? { 'GET /api/auth/me': () => ({ user }) } : {}), ...api });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '*', element: <p>صفحة أخرى</p> },
    ],
    { initialEntries: ['/'] },
  );
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, fetchMock };
}
