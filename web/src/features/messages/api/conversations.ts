/** GET /api/messages/conversations: the member's chats (sold and won auctions). */
import { path, routes, type Conversation, type ConversationsResult } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/toast-store';
import { api } from '@/lib/api-client';
import { messageKeys } from './keys';

export const CONVERSATIONS_ERROR = 'حدث خطأ في جلب المحادثات';

/** Failures are shown by the screen (a toast once, not one per poll). */
export async function getConversations(): Promise<Conversation[]> {
  const result = await api.get<ConversationsResult>(path(routes.messages.conversations), { silent: true });
  return result?.conversations ?? [];
}

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
