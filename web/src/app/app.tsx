import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { keepReadsOffline } from '@/lib/query-persistence';
import { AppProviders, createQueryClient } from './providers';
import { createAppRouter } from './router';

export function App() {
  // One query client for the screens and the route loaders that prefetch into it, keeping the
  // last public pages for offline use from its first read on (before the loaders start).
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    keepReadsOffline(client);
    return client;
  });
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
