/** Public API of the messages feature (other features and app/ import only from here). */
export { MessagesPage } from './components/messages-page';
export { DEAL_CONFIRMED, useConfirmDeal } from './api/confirm-deal';
export { badgeText, getUnreadCount, UNREAD_POLL_MS, UPDATE_UNREAD_EVENT, useUnreadCount } from './api/unread-count';
export { RatingModal } from './components/rating-modal';
export { formatChatTime } from './lib/chat-time';
