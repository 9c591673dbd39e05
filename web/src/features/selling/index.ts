/**
 * Selling: the create and edit auction screens (imported by the routes), what other features
 * need to send a member to the create form with an old auction's fields, and the seller's
 * delete confirmation (also on the auction page).
 */
export { relistState } from './lib/relist';
export { DeleteAuctionDialog } from './components/delete-auction-dialog';
