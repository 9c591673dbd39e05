import type { Conversation } from '@mazad/contracts';
import { chatBadge } from '../lib/chat-status';
import { formatChatTime } from '../lib/chat-time';
import { Avatar } from './avatar';

export interface ConversationListProps {
  conversations: Conversation[];
  selectedId: string | null;
  userId: string;
  onSelect: (auctionId: string) => void;
}

/** The side list: other party, auction title, status badge, last message, time, unread count. */
export function ConversationList({ conversations, selectedId, userId, onSelect }: ConversationListProps) {
  if (!conversations.length) {
    return (
      <div className="chat-list__empty">
        <p>لا توجد محادثات بعد.</p>
        <p className="muted">تبدأ المحادثة بين البائع والفائز بعد بيع المزاد.</p>
      </div>
    );
  }
  return (
    <ul className="chat-list" aria-label="المحادثات">
      {conversations.map((c) => {
        const badge = chatBadge(c.auction.status, c.auction.isDealConfirmed);
        const last = c.lastMessage;
        const mine = last?.sender?._id === userId;
        const selected = c._id === selectedId;
        return (
          <li key={c._id}>
            <button
              type="button"
              className={`chat-list__item${selected ? ' chat-list__item--selected' : ''}`}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(c._id)}
              data-testid="conversation-item"
            >
              <Avatar name={c.otherParticipant.name} image={c.otherParticipant.profileImage} />
              <span className="chat-list__main">
                <span className="chat-list__top">
                  <span className="chat-list__name">{c.otherParticipant.name}</span>
                  {last && <span className="chat-list__time">{formatChatTime(last.createdAt)}</span>}
                </span>
                <span className="chat-list__bottom">
                  <span className="chat-list__title">{c.auction.title}</span>
                  <span className={`chat-badge chat-badge--${badge.tone}`}>{badge.label}</span>
                </span>
                <span className="chat-list__bottom">
                  <span className="chat-list__last">
                    {last ? `${mine ? 'أنت: ' : ''}${last.content}` : <span className="muted">لا توجد رسائل بعد</span>}
                  </span>
                  {c.unreadCount > 0 && (
                    <span className="chat-list__unread" data-testid="conversation-unread">
                      <span className="visually-hidden">رسائل غير مقروءة: </span>
                      {c.unreadCount}
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
