import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProviders, createQueryClient } from './providers';
import { createAppRouter } from './router';

export function App() {
  // One query client for the screens and the route loaders that prefetch into it.
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
