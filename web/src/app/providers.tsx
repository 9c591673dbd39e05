import { QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { SessionProvider } from '@/features/auth/session-provider';
import { whenPageSettled } from '@/lib/page-settled';
import { syncServerTime } from '@/lib/server-time';
import { onSocketReconnect } from '@/lib/socket-connection';
import { ThemeProvider } from '@/lib/theme';

/**
 * Server state is read again when it may have moved on without the page: on the tab's return
 * (window focus) and the network's (TanStack Query's onlineManager) for data older than
 * `staleTime`, and — whatever its age — when the socket reconnects (`refreshAfterReconnect`).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: true, refetchOnReconnect: true, staleTime: 15_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * After the socket's connection came back, every live update sent meanwhile is lost: the shown
 * queries are read again (the others when next shown). A query that opts out of reconnect
 * refetches (`refetchOnReconnect: false`, e.g. the registration challenge being answered) is left alone.
 */
export function refreshAfterReconnect(client: QueryClient): Promise<void> {
  const wantsRefresh = (query: Query) => query.observers.every((o) => o.options.refetchOnReconnect !== false);
  return client.invalidateQueries({ predicate: wantsRefresh });
}

/** Everything the screens rely on: server state, theme, session, toasts, server clock. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useEffect(() => {
    // After the first page has settled: countdowns run on the local clock until the offset is in.
    void whenPageSettled().then(() => syncServerTime());
  }, []);
  useEffect(() => onSocketReconnect(() => void refreshAfterReconnect(client)), [client]);
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
