/** Test data of the messages feature (tests only). */
import type { ChatMessage, Conversation } from '@mazad/contracts';

export const SELLER = { _id: 'seller-1', id: 'seller-1', name: 'البائع خالد' };
export const WINNER = { _id: 'winner-1', id: 'winner-1', name: 'الفائزة ليلى' };

export function chatMessage(id: string, createdAt: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    _id: id,
    id,
    content: `رسالة ${id}`,
    sender: { _id: 'seller', id: 'seller', name: 'البائع' },
    receiver: { _id: 'winner', id: 'winner', name: 'الفائز' },
    createdAt,
    isRead: false,
    readAt: null,
    auction: 'a-1',
    auctionId: 'a-1',
    ...overrides,
  };
}

export function conversation(
  overrides: Partial<Conversation['auction']> = {},
  viewer: 'seller' | 'winner' = 'winner',
): Conversation {
  const seller = { ...SELLER, profileImage: null, role: 'seller' as const };
  const winner = { ...WINNER, profileImage: null, role: 'winner' as const };
  return {
    _id: 'a-1',
    id: 'a-1',
    auction: {
      _id: 'a-1',
      id: 'a-1',
      title: 'ساعة يد كلاسيكية',
      status: 'مباع',
      images: [],
      imageUrl: null,
      currentPrice: 55,
      isDealConfirmed: false,
      dealConfirmedAt: null,
      isRatedBySeller: false,
      seller: SELLER,
      winner: WINNER,
      ...overrides,
    },
    participants: [seller, winner],
    otherParticipant: viewer === 'winner' ? seller : winner,
    lastMessage: null,
    unreadCount: 0,
  };
}
