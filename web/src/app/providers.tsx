import { QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { SessionProvider } from '@/features/auth/session-provider';
import { whenPageSettled } from '@/lib/page-settled';
import { syncServerTime } from '@/lib/server-time';
import { onSocketConnect } from '@/lib/socket-connection';
import { ThemeProvider } from '@/lib/theme';

/**
 * Server state is read again when it may have moved on without the page: on the tab's return
 * (window focus) and the network's (TanStack Query's onlineManager) for data older than
 * `staleTime`, and — whatever its age — when the socket connects (`refreshAfterConnect`).
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
 * When the socket connects — the page's first connection as much as a reconnection — every live
 * update sent before it is lost: the page read its data first and connected later (the socket
 * waits for the first page to settle, seconds after the reads), or it was away. The shown queries
 * are read again (the others when next shown), so a sale or a message that happened in between
 * shows without a reload. Left alone: a query that opts out of reconnect refetches
 * (`refetchOnReconnect: false`, e.g. the registration challenge being answered) and one its live
 * room re-reads once joined (`REREAD_BY_ROOM`: the auction page's copy, read after the join).
 */
export function refreshAfterConnect(client: QueryClient): Promise<void> {
  const wantsRefresh = (query: Query) =>
    query.meta?.rereadByRoom !== true && query.observers.every((o) => o.options.refetchOnReconnect !== false);
  return client.invalidateQueries({ predicate: wantsRefresh });
}

/** Everything the screens rely on: server state, theme, session, toasts, server clock. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useEffect(() => {
    // After the first page has settled: countdowns run on the local clock until the offset is in.
    void whenPageSettled().then(() => syncServerTime());
  }, []);
  useEffect(() => onSocketConnect(() => void refreshAfterConnect(client)), [client]);
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
