/**
 * GET /api/messages/auction/{id}: the open conversation, polled every 3 s and merged with what
 * the socket delivers (use-chat-socket.ts), every message once.
 */
import { path, routes, type ChatMessage, type Conversation, type ConversationMessagesResult } from '@mazad/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/toast-store';
import { api } from '@/lib/api-client';
import { mergeMessages } from '../lib/merge-messages';
import { messageKeys } from './keys';
import { UPDATE_UNREAD_EVENT } from './unread-count';

export const CHAT_POLL_MS = 3_000;
export const MESSAGES_ERROR = 'حدث خطأ في جلب الرسائل';

/** Pages read when a conversation opens, at most (older history beyond them is not loaded). */
const MAX_OPEN_PAGES = 20;

/** One page of a thread; reading marks the caller's incoming messages read (server side). */
export async function getThreadPage(
  auctionId: string,
  cursor: { before?: string; after?: string } = {},
): Promise<ConversationMessagesResult> {
  const result = await api.get<ConversationMessagesResult>(path(routes.messages.thread, { auctionId }, cursor), {
    silent: true,
  });
  const messages = result?.messages ?? [];
  const last = messages.length ? (messages[messages.length - 1]._id ?? messages[messages.length - 1].id) : null;
  return {
    success: true,
    messages,
    hasMore: Boolean(result?.hasMore),
    nextCursor: result?.nextCursor ?? null,
    latestCursor: result?.latestCursor ?? last ?? cursor.after ?? null,
  };
}

/**
 * The thread: without `after`, the whole history page by page (newest page first, when the
 * chat opens); with `after` (the `latestCursor` of the previous read), only what is new.
 */
export async function getThread(
  auctionId: string,
  after?: string,
): Promise<{ messages: ChatMessage[]; latestCursor: string | null }> {
  if (after) {
    const page = await getThreadPage(auctionId, { after });
    return { messages: page.messages, latestCursor: page.latestCursor };
  }
  const first = await getThreadPage(auctionId);
  let messages = first.messages;
  let page = first;
  for (let n = 1; page.hasMore && page.nextCursor && n < MAX_OPEN_PAGES; n++) {
    page = await getThreadPage(auctionId, { before: page.nextCursor });
    messages = [...page.messages, ...messages];
  }
  return { messages, latestCursor: first.latestCursor };
}

const isForbidden = (error: unknown) => (error as { status?: number } | null)?.status === 403;

/**
 * The open conversation. Each read marks the caller's incoming messages read on the server, so
 * the list's unread count drops to 0 and the header badge is asked to refresh whenever a read
 * brought incoming messages it had not seen.
 */
export function useThread(auctionId: string | null, userId: string) {
  const queryClient = useQueryClient();
  const seenIncoming = useRef<{ auctionId: string | null; count: number }>({ auctionId: null, count: -1 });
  // The newest message the last read answered: polls ask only for what came after it.
  const cursor = useRef<{ auctionId: string | null; latest: string | null }>({ auctionId: null, latest: null });

  const query = useQuery({
    queryKey: messageKeys.thread(auctionId ?? ''),
    enabled: Boolean(auctionId),
    retry: false,
    refetchInterval: (q) => (q.state.status === 'error' ? false : CHAT_POLL_MS),
    refetchIntervalInBackground: false,
    structuralSharing: (previous, next) => mergeMessages(previous as ChatMessage[] | undefined, next as ChatMessage[]),
    queryFn: async () => {
      const id = auctionId as string;
      const known = queryClient.getQueryData<ChatMessage[]>(messageKeys.thread(id));
      const after = cursor.current.auctionId === id && known ? (cursor.current.latest ?? undefined) : undefined;
      const page = await getThread(id, after);
      cursor.current = { auctionId: id, latest: page.latestCursor };
      const messages = after ? mergeMessages(known, page.messages) : page.messages;
      const incoming = messages.filter((m) => m.receiver?._id === userId).length;
      if (seenIncoming.current.auctionId !== id || seenIncoming.current.count !== incoming) {
        seenIncoming.current = { auctionId: id, count: incoming };
        queryClient.setQueryData<Conversation[]>(messageKeys.conversations(userId), (list) =>
          list?.map((c) => (c._id === id && c.unreadCount ? { ...c, unreadCount: 0 } : c)),
        );
        window.dispatchEvent(new Event(UPDATE_UNREAD_EVENT));
      }
      return messages;
    },
  });

  useEffect(() => {
    if (query.isError && !isForbidden(query.error)) toast.error(MESSAGES_ERROR);
  }, [query.isError, query.error, query.errorUpdatedAt]);

  return { ...query, forbidden: query.isError && isForbidden(query.error) };
}
