/**
 * Public API of the auctions feature: browsing (home, all auctions), the auction detail page,
 * bidding and buying, and all auction server state. Other features and app/ import only from
 * here ('@/features/auctions'); what is not exported is private to the feature.
 */

// Screens (app/ routes).
export { default as HomePage } from './routes/home-page';
export { default as AllAuctionsPage } from './routes/all-auctions-page';
export { AuctionDetailPage } from './routes/auction-detail-page';

// Server state: reads, bids, buy-now, delete, live rooms, query keys.
export * from './api';

// Pieces other screens show an auction with.
export { AuctionCard, type AuctionCardProps } from './components/auction-card';
export { CreateAuctionAction, type CreateAuctionActionProps } from './components/create-auction-action';
export { Countdown, type CountdownProps } from './components/countdown';
export { Pagination, type PaginationProps } from './components/pagination';
export { SellerRating } from './components/rating';
export { useServerNow } from './hooks/use-server-now';

// Rules.
export { bidAmountMessage, checkBidAmount, type BidAmountCheck, type BidAmountProblem } from './lib/bid-amount';
export { countdownColour, formatRemaining, type UrgencyColour } from './lib/countdown';
export { LOGIN_TO_CREATE } from './lib/messages';
export { canSeeChatButton, isInChatWindow, isOpen, isSold } from './lib/visibility';
