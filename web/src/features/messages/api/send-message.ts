/** POST /api/messages: a message in an auction's conversation. */
import { path, routes, type ChatMessage, type SendMessageRequest, type SendMessageResult } from '@mazad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { mergeMessages } from '../lib/merge-messages';
import { messageKeys } from './keys';

export const SEND_ERROR = 'حدث خطأ أثناء إرسال الرسالة';

/** A failure is toasted with the server's message (else SEND_ERROR). */
export async function sendMessage(request: SendMessageRequest): Promise<ChatMessage> {
  const result = await api.post<SendMessageResult>(path(routes.messages.send), request, {
    fallbackMessage: SEND_ERROR,
  });
  return result.message;
}

/** Sends; the message joins the cached thread at once and the conversation list refreshes. */
export function useSendMessage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation<ChatMessage, ApiError, SendMessageRequest>({
    mutationFn: sendMessage,
    onSuccess: (message, { auctionId }) => {
      queryClient.setQueryData<ChatMessage[]>(messageKeys.thread(auctionId), (old) => mergeMessages(old, [message]));
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations(userId) });
    },
  });
}
