export {
  AuctionImage,
  auctionImage,
  auctionImages,
  FALLBACK_IMAGE,
  LazyImage,
  type LazyImageProps,
} from './auction-image';
export {
  AuctionDetailsLink,
  AuctionSummaryCard,
  AuctionSummaryCards,
  AuctionTitleLink,
  type AuctionSummary,
  type AuctionSummaryCardProps,
} from './auction-summary-card';
export { Money, type MoneyProps } from './money';
export { RatingSummary, Stars, type RatingSummaryProps } from './stars';
export { StatusBadge, statusLabel, statusTone, type StatusTone } from './status-badge';
