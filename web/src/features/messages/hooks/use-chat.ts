/**
 * Server state of the chat screen: the conversation list, the open thread (polled every 3 s,
 * merged with what the socket delivers, every message once), and the socket listeners.
 */
import { SocketEvents, type ChatMessage, type Conversation, type MessageReadPayload } from '@mazad/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/toast-store';
import { useSocket } from '@/lib/socket';
import {
  CHAT_POLL_MS,
  CONVERSATIONS_ERROR,
  getConversations,
  getThread,
  messageKeys,
  MESSAGES_ERROR,
} from '../api/messages';
import { UPDATE_UNREAD_EVENT } from '../api/unread-count';
import { markRead, mergeMessages } from '../lib/merge-messages';
import { playMessageSound } from '../lib/notify-sound';

export const INCOMING_TOAST = (name: string) => `رسالة جديدة من ${name}`;

export function useConversations(userId: string) {
  const query = useQuery({
    queryKey: messageKeys.conversations(userId),
    queryFn: getConversations,
    retry: false,
  });
  useEffect(() => {
    if (query.isError) toast.error(CONVERSATIONS_ERROR);
  }, [query.isError, query.errorUpdatedAt]);
  return query;
}

const isForbidden = (error: unknown) => (error as { status?: number } | null)?.status === 403;
const auctionOf = (m: ChatMessage) => m.auctionId ?? m.auction;

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

/**
 * `new-message` (and its twin `new_message`): into the open thread when it belongs there,
 * otherwise the list refreshes; a message from someone else gets an info toast and a sound,
 * once however many times it arrives. `message_read`: read ticks on the sender's side.
 */
export function useChatSocket(userId: string, openAuctionId: string | null) {
  const queryClient = useQueryClient();
  const openRef = useRef(openAuctionId);
  openRef.current = openAuctionId;
  const announced = useRef(new Set<string>());
  const socket = useSocket();

  useEffect(() => {
    // Until the socket has loaded, the open conversation's polling brings its messages.
    if (!socket) return;
    const onMessage = (message: ChatMessage) => {
      if (!message || typeof message !== 'object' || !message._id) return;
      const auctionId = auctionOf(message);
      queryClient.setQueryData<ChatMessage[]>(messageKeys.thread(auctionId), (thread) =>
        thread || auctionId === openRef.current ? mergeMessages(thread, [message]) : thread,
      );
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations(userId) });
      if (message.sender?._id !== userId && !announced.current.has(message._id)) {
        announced.current.add(message._id);
        toast.info(INCOMING_TOAST(message.sender?.name ?? ''));
        playMessageSound();
      }
    };
    const onRead = (payload: MessageReadPayload) => {
      if (!payload?.auctionId || !Array.isArray(payload.messageIds)) return;
      queryClient.setQueryData<ChatMessage[]>(messageKeys.thread(payload.auctionId), (thread) =>
        markRead(thread, payload),
      );
    };
    socket.on(SocketEvents.NewMessageAlt, onMessage);
    socket.on(SocketEvents.NewMessage, onMessage);
    socket.on(SocketEvents.MessageRead, onRead);
    return () => {
      socket.off(SocketEvents.NewMessageAlt, onMessage);
      socket.off(SocketEvents.NewMessage, onMessage);
      socket.off(SocketEvents.MessageRead, onRead);
    };
  }, [queryClient, userId, socket]);
}
