/** Public API of the messages feature (other features and app/ import only from here). */
export { MessagesPage } from './components/messages-page';
export { badgeText, getUnreadCount, UNREAD_POLL_MS, UPDATE_UNREAD_EVENT } from './api/unread-count';
export { useUnreadCount } from './hooks/use-unread-count';
export { RatingModal } from './components/rating-modal';
export { formatChatTime } from './lib/chat-time';
