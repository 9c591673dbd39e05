/** The chat's socket listeners: what arrives is written into the cached thread and list. */
import { SocketEvents, type ChatMessage, type MessageReadPayload } from '@mazad/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/toast-store';
import { useSocket } from '@/lib/socket';
import { markRead, mergeMessages } from '../lib/merge-messages';
import { playMessageSound } from '../lib/notify-sound';
import { messageKeys } from './keys';

export const INCOMING_TOAST = (name: string) => `رسالة جديدة من ${name}`;

const auctionOf = (m: ChatMessage) => m.auctionId ?? m.auction;

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
