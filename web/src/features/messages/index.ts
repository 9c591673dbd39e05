/** Public API of the messages feature for other features and its route (the header reads the unread count from api/ directly). */
export { MessagesPage } from './components/messages-page';
export { DEAL_CONFIRMED, useConfirmDeal } from './api/confirm-deal';
export { ConfirmDealButton, CONFIRM_DEAL_TEXTS, confirmDealMessage } from './components/confirm-deal-button';
