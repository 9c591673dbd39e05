import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { SessionProvider } from '@/features/auth/session-provider';
import { whenPageSettled } from '@/lib/page-settled';
import { syncServerTime } from '@/lib/server-time';
import { ThemeProvider } from '@/lib/theme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 },
      mutations: { retry: false },
    },
  });
}

/** Everything the screens rely on: server state, theme, session, toasts, server clock. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useEffect(() => {
    // After the first page has settled: countdowns run on the local clock until the offset is in.
    void whenPageSettled().then(() => syncServerTime());
  }, []);
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <SessionProvider>
          {children}
          <Toaster />
        </SessionProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
