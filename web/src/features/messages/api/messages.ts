/**
 * The after-sale calls of the chat screen (answer shapes in contracts/src/api/messages.ts and
 * contracts/src/api/ratings.ts).
 */
import type {
  ChatMessage,
  ConfirmDealResult,
  Conversation,
  ConversationMessagesResult,
  ConversationsResult,
  RateSellerRequest,
  RateSellerResult,
  SendMessageRequest,
  SendMessageResult,
} from '@mazad/contracts';
import { api } from '@/lib/api-client';

export const CHAT_POLL_MS = 3_000;
export const RATING_TIMEOUT_MS = 10_000;

export const CONVERSATIONS_ERROR = 'حدث خطأ في جلب المحادثات';
export const MESSAGES_ERROR = 'حدث خطأ في جلب الرسائل';
export const SEND_ERROR = 'حدث خطأ أثناء إرسال الرسالة';
export const CONFIRM_ERROR = 'حدث خطأ أثناء تأكيد الصفقة';
export const RATING_ERROR = 'حدث خطأ أثناء إرسال التقييم';
export const RATING_INVALID_DATA = 'بيانات غير صالحة لإرسال التقييم';

const enc = encodeURIComponent;
export const messagesApiPaths = {
  conversations: '/api/messages/conversations',
  thread: (auctionId: string) => `/api/messages/auction/${enc(auctionId)}`,
  send: '/api/messages',
  confirmDeal: (auctionId: string) => `/api/auctions/${enc(auctionId)}/confirm-deal`,
  rate: (sellerId: string) => `/api/users/${enc(sellerId)}/rate`,
} as const;

export const messageKeys = {
  all: ['messages'] as const,
  conversations: (userId: string) => ['messages', 'conversations', userId] as const,
  thread: (auctionId: string) => ['messages', 'thread', auctionId] as const,
};

/** Failures are shown by the screen (a toast once, not one per poll). */
export async function getConversations(): Promise<Conversation[]> {
  const result = await api.get<ConversationsResult>(messagesApiPaths.conversations, { silent: true });
  return result?.conversations ?? [];
}

/** Pages read when a conversation opens, at most (older history beyond them is not loaded). */
const MAX_OPEN_PAGES = 20;

/** One page of a thread; reading marks the caller's incoming messages read (server side). */
export async function getThreadPage(
  auctionId: string,
  cursor: { before?: string; after?: string } = {},
): Promise<ConversationMessagesResult> {
  const params = new URLSearchParams();
  if (cursor.before) params.set('before', cursor.before);
  if (cursor.after) params.set('after', cursor.after);
  const text = params.toString();
  const query = text ? `?${text}` : '';
  const result = await api.get<ConversationMessagesResult>(`${messagesApiPaths.thread(auctionId)}${query}`, {
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

export async function sendMessage(request: SendMessageRequest): Promise<ChatMessage> {
  const result = await api.post<SendMessageResult>(messagesApiPaths.send, request, { fallbackMessage: SEND_ERROR });
  return result.message;
}

/** PUT from the chat (the winner confirms receipt); the toast prefers the server's message. */
export function confirmDealFromChat(auctionId: string): Promise<ConfirmDealResult> {
  return api.put<ConfirmDealResult>(messagesApiPaths.confirmDeal(auctionId), undefined, {
    fallbackMessage: CONFIRM_ERROR,
  });
}

export function rateSeller(sellerId: string, request: RateSellerRequest): Promise<RateSellerResult> {
  return api.post<RateSellerResult>(messagesApiPaths.rate(sellerId), request, {
    fallbackMessage: RATING_ERROR,
    timeoutMs: RATING_TIMEOUT_MS,
  });
}
